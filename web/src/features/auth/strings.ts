export const authStrings = {
  signingIn: 'Signing you in…',
  signingOut: 'Signing you out…',
  /** The login landing page (§2). */
  login: {
    title: 'Sign in to Protection Life',
    intro: 'Advisers quote, underwrite and set up protection policies for their clients here; our underwriters and customer care sign in here too.',
    signIn: 'Sign in',
    help: 'Need help signing in? Call us on',
  },
  helpCall: 'If the problem continues, call us on',
  helpEmail: 'or email',
  /** §8 portal error: the identity provider could not sign the user in. */
  portalError: {
    title: 'Invalid login details',
    description: 'We couldn’t sign you in with those details. Please try again.',
    tryAgain: 'Try again',
  },
  launching: 'Opening the portal…',
} as const;
