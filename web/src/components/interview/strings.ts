/** Words of the interview's questions, wherever they are asked (the application's interview, Qi). en-GB. */
export const interviewStrings = {
  optional: '(optional)',
  search: 'Type to search',
  searching: 'Searching…',
  noMatches: 'Nothing found; try another word',
  sample: 'Sample list – not real medical data',
  units: { metres: 'm', kilograms: 'kg', centimetres: 'cm', feet: 'ft', inches: 'in', stones: 'st', pounds: 'lb' },
  numberInvalid: 'Please enter a number',
  wholeNumberInvalid: 'Please enter a whole number',
  range: (min: number, max: number) => `Please enter a number between ${String(min)} and ${String(max)}`,
  sectionsLabel: 'Sections',
  statuses: {
    notStarted: 'Not started',
    inProgress: 'In progress',
    inComplete: 'Needs attention',
    complete: 'Complete',
  },
  sectionDisabled: 'Complete the sections before this one first',
  noQuestions: 'There are no questions to display for this section',
  continue: 'Continue',
  saving: 'Saving…',
  readBack: {
    heading: 'The answers given',
    change: 'Change',
    changeSection: (section: string) => `Change the answers in ${section}`,
    notAnswered: 'Not answered',
  },
} as const;
