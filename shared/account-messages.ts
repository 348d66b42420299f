import { m } from "#shared/paraglide/messages.js"; /** What accounts say to people: shared by the domain, the API and the pages (and safe in the browser bundle). */
export const ACCOUNT_MESSAGES = {
  get duplicateEmail() {
    return m.api_account_duplicate_email();
  },
  signupSent: (email: string) => m.api_account_signup_sent({ email }),
  signupDone: (name: string) => m.api_account_signup_done({ name }),
  get signupPasswordNeeded() {
    return m.api_account_signup_password_needed();
  },
  get signupPasswordWrong() {
    return m.api_account_signup_password_wrong();
  },
  get badCredentials() {
    return m.api_account_bad_credentials();
  },
  get vendorAtUserDoor() {
    return m.api_account_vendor_at_user_door();
  },
  get userAtVendorDoor() {
    return m.api_account_user_at_vendor_door();
  },
  get loggedOut() {
    return m.api_account_logged_out();
  },
  get resetRequested() {
    return m.api_account_reset_requested();
  },
  get resetDone() {
    return m.api_account_reset_done();
  },
  get badResetLink() {
    return m.api_account_bad_reset_link();
  },
  get badVerifyLink() {
    return m.api_account_bad_verify_link();
  },
  get verified() {
    return m.api_account_verified();
  },
  get passwordChanged() {
    return m.api_account_password_changed();
  },
  get wrongCurrentPassword() {
    return m.api_account_wrong_current_password();
  },
  get profileUpdated() {
    return m.api_account_profile_updated();
  },
  get accountDeleted() {
    return m.api_account_account_deleted();
  },
  get lastSuperAdmin() {
    return m.api_account_last_super_admin();
  },
  get googleUnavailable() {
    return m.api_account_google_unavailable();
  },
};
