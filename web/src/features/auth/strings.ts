export const authStrings = {
  signingIn: 'Signing you in…',
  signingOut: 'Signing you out…',
  signInFailedTitle: 'We couldn’t sign you in',
  signInFailedDescription: 'Your sign-in could not be completed. Please try again.',
  tryAgain: 'Sign in again',
} as const;
