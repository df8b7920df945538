/** A failure an operator can act on: the message says what is wrong and where. Nothing was written. */
export class ContentError extends Error {
  /** Every problem found, when there were several (the message lists them too). */
  readonly problems: readonly string[];

  constructor(message: string, problems: readonly string[] = [message]) {
    super(message);
    this.name = 'ContentError';
    this.problems = problems;
  }

  /** One error listing several problems under a heading. */
  static of(heading: string, problems: readonly string[]): ContentError {
    if (problems.length === 1) return new ContentError(`${heading}: ${problems[0]}`, problems);
    const list = problems.map((problem) => `  - ${problem}`).join('\n');
    return new ContentError(`${heading} (${problems.length} problems):\n${list}`, problems);
  }
}
