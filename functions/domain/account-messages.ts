/** What accounts say to people: shared by the domain, the API and the pages (and safe in the browser bundle). */
export const ACCOUNT_MESSAGES = {
  duplicateEmail: "An account with this e-mail address already exists. Please log in instead.",
  badCredentials: "The e-mail address or password is not correct.",
  vendorAtUserDoor: "This is a vendor account. Please log in through Vendor Login.",
  userAtVendorDoor: "This account is not a vendor account. Please log in through the couples' Login.",
  loggedOut: "Logged out successfully.",
  resetRequested: "If an account exists for that address, we have sent a link to reset the password. It is valid for 1 hour.",
  resetDone: "Your password has been changed. Please log in with the new password.",
  badResetLink: "This password reset link is not valid or has expired. Please ask for a new one.",
  badVerifyLink: "This verification link is not valid or has expired. Please ask for a new one from your profile.",
  verified: "Your e-mail address is verified. Thank you!",
  passwordChanged: "Your password has been changed. Other devices have been signed out.",
  wrongCurrentPassword: "Your current password is not correct.",
  profileUpdated: "Your profile has been updated.",
  accountDeleted: "Your account has been deleted.",
  lastSuperAdmin: "The last super admin cannot be demoted or deleted.",
  googleUnavailable: "Google sign-in is not available.",
} as const;
