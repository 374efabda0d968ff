/**
 * The part of Amplify this app uses, in one module that lib/api/amplify.ts imports on demand: named re-exports
 * let the bundler drop the rest of aws-amplify/auth (a dynamic import of the package itself would keep all of it).
 */
export { Amplify } from 'aws-amplify';
export {
  confirmResetPassword,
  confirmSignIn,
  confirmUserAttribute,
  fetchAuthSession,
  fetchUserAttributes,
  resetPassword,
  sendUserAttributeVerificationCode,
  setUpTOTP,
  signIn,
  signOut,
  signUp,
  updateMFAPreference,
  updateUserAttributes,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
