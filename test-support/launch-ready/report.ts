/** For tests: the rows of `npm run check:launch`'s output whose first column is `state`: their item names. */
export const itemsIn = (stdout: string, state: string) =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith(`  ${state} `))
    .map(
      (line) =>
        line
          .slice(2 + state.length)
          .trim()
          .split(/\s{2,}/)[0],
    );
