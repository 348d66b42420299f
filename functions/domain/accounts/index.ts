/**
 * Accounts: sign-up and login for couples, vendors and admins, e-mail verification and reset
 * tokens, remembered devices, a vendor's place and settings, closing an account.
 *
 * This file is the area's only face: code outside functions/domain/accounts/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 * account-common.ts holds the jobs' shared inner helpers; only its types below are public.
 */
export type { AccountView, Door, SessionStart } from "./account-common.ts";
export { changeRole, changeRoleByEmail, listAdminTeam, type RoleChange } from "./admin-roles.ts";
export { issueAuthToken } from "./auth-tokens.ts";
export { deleteAccount } from "./close-account.ts";
export { LANGUAGE_MESSAGES, languageInput, parseLocale, setLanguage } from "./language.ts";
export { googleLogin, login, logout } from "./login.ts";
export { changePassword, requestPasswordReset, resetLinkIsValid, resetPassword } from "./passwords.ts";
export { checkPlace, PLACE_MESSAGES } from "./places.ts";
export { currentAccount, requireAccountView, updateUser, updateVendor } from "./profile.ts";
export { addEmail, EMAIL_ADD_MESSAGES, requestEmailCode } from "./add-email.ts";
export { addPhone, PHONE_MESSAGES, type PhoneSignInResult, phoneSignIn, requestAddPhoneCode, requestSignInCode } from "./phone-sign-in.ts";
export { CODE_MAX_TRIES, CODE_MESSAGES, CODE_RESEND_AFTER_MS, CODE_TTL_MS } from "./phone-codes.ts";
export { purgeExpiredAuth } from "./purge-expired.ts";
export { DEVICE_TTL_MS } from "./remembered-devices.ts";
export { completeSignup, registerUser, registerVendor, resendVerification, verificationLinkKind, verifyEmail } from "./signup.ts";
export {
  BILLING_MESSAGES,
  billingDetailsInput,
  DEFAULT_NOTIFICATION_PREFS,
  DELETE_CONFIRMATION,
  deleteVendorAccount,
  deletionTerms,
  myBillingDetails,
  myNotificationPrefs,
  NOTIFICATION_LABELS,
  type NotificationPrefs,
  notificationPrefsInput,
  saveBillingDetails,
  saveNotificationPrefs,
  SETTINGS_MESSAGES,
  vendorNotificationPrefs,
} from "./vendor-settings.ts";
export {
  confirmMailAddress,
  emailPreferences,
  type EmailPreferencesView,
  emailPreferencesInput,
  MAIL_KIND_INFO,
  MAIL_KINDS,
  MAIL_PREFERENCES_MESSAGES,
  maskAddress,
  type MailKind,
  mailSuppressionOf,
  optionalMailLinks,
  recordMailEvent,
  saveEmailPreferences,
  unsubscribeByLink,
  unsubscribeLinkView,
  type UnsubscribeView,
} from "./mail-preferences.ts";
export {
  renderWhatsApp,
  saveWhatsAppPreferences,
  stopWhatsAppByLink,
  WHATSAPP_MESSAGES,
  WHATSAPP_TEMPLATES,
  type WhatsAppEvent,
  type WhatsAppLanguage,
  whatsAppStopLink,
  whatsAppNotice,
  whatsAppPreferences,
  whatsAppPreferencesInput,
  type WhatsAppPreferencesView,
} from "./whatsapp.ts";
export { recordWhatsAppReplies, STOP_WORDS, stopRequests, stopWhatsAppFrom, whatsAppWebhookChallenge } from "./whatsapp-replies.ts";
