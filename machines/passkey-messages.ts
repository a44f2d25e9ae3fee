/** The passkey screens' own texts (issue 32; the spec words none of them). */
export const PASSKEY_TEXTS = {
  addFailed: 'The passkey could not be added. Try again.',
  added: 'Passkey added',
  signInFailed: 'Signing in with a passkey did not work. Try again or use your password.',
  loadFailed: 'Your passkeys could not be loaded.',
  renamed: 'Passkey renamed',
  renameFailed: 'The passkey could not be renamed. Try again.',
  removed: 'Passkey removed',
  removeFailed: 'The passkey could not be removed. Try again.',
} as const;
