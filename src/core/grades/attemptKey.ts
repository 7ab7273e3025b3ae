/**
 * How a grade names the attempt it grades: the attempt's id, which a page
 * export's response line carries as `attempt`; a line without one (an agent's
 * run, a harness's file) is named by its run, `run:<run>`.
 */

/** The attempt a response line stands for, as grades name it. */
export function attemptKeyOf(line: { run: number; raw: Record<string, unknown> }): string {
  const attempt = line.raw.attempt
  return typeof attempt === 'string' && attempt !== '' ? attempt : `run:${line.run}`
}
