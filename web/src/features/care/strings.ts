/** Words of customer care's page (`cca`, `ccaadmin`, §6). en-GB. */
export const careStrings = {
  heading: 'Customer care',
  welcome: (name: string) => `Welcome, ${name}.`,
  role: {
    cca: 'You are signed in as customer care.',
    ccaadmin: 'You are signed in as a customer care administrator.',
  },
  todayHeading: 'What you can do here today',
  findCase:
    'Find an adviser’s case and see where it stands in the Temporal Web UI, as case handlers do: each application is a workflow named application- and its reference (for example application-100001), and you can search by client name, adviser, stage and what the case is waiting for. Your team lead has its address and the case handlers’ guide.',
  helpAdvisers: 'Point advisers to the adviser support line and mailbox:',
  call: 'call',
  email: 'or email',
  comingHeading: 'Coming next',
  coming:
    'Answering advisers’ web chats, and for administrators managing advisers’ settings, come with the client portal. Advisers’ dashboards, applications and Underwriting Qi are for advisers only, so they are not shown to you.',
} as const;
