/** Words of the client's private health questions (issue 35), in the client portal. en-GB. */
export const healthQuestionsStrings = {
  entry: {
    heading: 'Your health questions',
    intro: 'Your adviser has asked you to answer these questions yourself, in private.',
    waiting: (client: string) => `Answer the health questions for ${client}`,
    submitted: (client: string, date: string) => `Health questions for ${client}: submitted on ${date}`,
    sentBy: (adviser: string, date: string) => `Sent by ${adviser} on ${date}`,
    progress: (answered: number, total: number) => `${String(answered)} of ${String(total)} sections answered`,
    loadFailed: 'Sorry, your health questions could not be loaded. Please reload the page.',
  },
  title: 'Your health questions',
  loading: 'Loading your health questions',
  loadFailed: 'Sorry, your health questions could not be loaded. Please reload the page.',
  notAvailable: 'These questions are not available to you. Your adviser may have taken them back to go through with you: please contact them.',
  backHome: 'Back to my home',
  intro: (adviser: string) =>
    `${adviser}, your adviser, has asked you to answer these questions yourself, in private. Only you can see your answers until you submit them. Then they go to your adviser, and to us to decide the terms of your cover.`,
  honesty:
    'Please answer every question fully and honestly. If something is left out, a claim might not be paid. Your answers are saved as you go, so you can come back later.',
  clientDetailsNote: 'Your adviser recorded these from what you told them. If anything here is wrong, please tell your adviser.',
  answerFailed: 'Sorry, that answer could not be saved. Please try again.',
  summary: 'Check and submit',
  readBackHelp: 'Please check your answers. Change a section if anything is wrong.',
  declaration: {
    heading: 'Declaration',
    text: 'I confirm that my answers are true and complete to the best of my knowledge, and I understand that an answer that is wrong or left out could mean a claim is not paid.',
    accept: 'I have read and accept the declaration',
    accepted: 'You have read and accepted the declaration.',
    failed: 'Sorry, your declaration could not be recorded. Please try again.',
  },
  submitHelp: 'When you submit, your adviser sees your answers and carries on with your application. You cannot change them afterwards.',
  submit: 'Submit my answers',
  submitFailed: 'Sorry, your answers could not be submitted. Please try again.',
  submitted: (date: string) => `You submitted your answers on ${date}. Your adviser can now see them and will carry on with your application.`,
  yourAnswers: 'The answers you submitted.',
} as const;
