/** Words of the app shell (header, navigation, footer, start-up, sign-in, not found). en-GB. */
export const appStrings = {
  productName: 'Adviser Portal',
  insurerName: 'Protection Life',
  skipToContent: 'Skip to main content',
  environment: (name: string) => (name === 'development' ? 'Development' : name),
  mainNavigation: 'Main navigation',
  nav: {
    dashboard: 'Dashboard',
    qi: 'Underwriting Qi',
    workbench: 'Workbench',
  },
  underwriterRole: 'Underwriter',
  workbenchOnlyTitle: 'The workbench is for underwriters',
  workbenchOnlyDescription: 'Your cases are on your dashboard. Referred cases and their underwriting updates show on each case’s underwriting page.',
  signedInAs: 'Signed in as',
  workingAt: (location: string) =>
    `You are working at ${location}: the applications you create are recorded against this office. Your firm’s portal administrator can move you to another.`,
  signOut: 'Sign out',
  loading: 'Loading…',
  loadingPage: 'Loading the page…',
  startingUp: 'Loading the adviser portal…',
  signingIn: 'Signing you in…',
  signingOut: 'Signing you out…',
  tryAgain: 'Try again',
  notFoundTitle: 'Page not found',
  notFoundDescription: 'The page you are looking for does not exist or has moved.',
  goToDashboard: 'Go to the dashboard',
  /** §8 generic error: the router's error page (spec keys errorPageContent.title and .description). */
  errorPageContent: {
    title: 'Sorry, something’s gone wrong',
    description: 'Please try again.',
  },
  errorPageHelp: 'If the problem continues, call us on',
  errorPageHelpEmail: 'or email',
  errorPageSignOut: 'Sign out',
  errorPageSignOutHint: 'Signing out and in again often helps. You will come back to this page after you sign in.',
  serviceError: {
    title: 'The adviser portal is unavailable',
    description: 'We can’t reach our service at the moment. Nothing you have saved is lost. Please try again in a few minutes.',
    retry: 'Try again',
  },
  idle: {
    title: 'Are you still there?',
    description: (timeLeft: string) =>
      `You haven’t done anything for a while. To keep your clients’ details safe, we will sign you out in ${timeLeft}.`,
    staySignedIn: 'Stay signed in',
    signOutNow: 'Sign out now',
  },
  footer: {
    needHelp: 'Need help?',
    call: 'Call us on',
    email: 'or email',
  },
} as const;
