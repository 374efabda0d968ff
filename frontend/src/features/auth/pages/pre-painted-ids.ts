/** The painted sign-in form's names, shared by its build step (frontend/build/pre-painted-sign-in.ts) and the app. */
export const PRE_PAINTED = {
  rootId: 'pre-sign-in',
  emailId: 'pre-sign-in-email',
  passwordId: 'pre-sign-in-password',
  submitId: 'pre-sign-in-submit',
  languageId: 'pre-sign-in-language',
  /** On the form's root: the visitor asked to sign in (button or Enter) before the app could. */
  pendingAttribute: 'data-pending',
  /** On the form's root: the visit was sent to sign in from another page (the app's form shows the same notice). */
  noticeAttribute: 'data-notice',
  /** On the form's root: the field that last had the focus ('email' or 'password'). */
  focusAttribute: 'data-focus',
} as const;
