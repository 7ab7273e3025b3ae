/** Marks the occurrences of a plain pattern in a text (case-insensitive), as a search highlights its hits. */
export function Highlight({ text, pattern }: { text: string; pattern: string | undefined }) {
  if (!pattern) return <>{text}</>
  const lower = text.toLowerCase()
  const needle = pattern.toLowerCase()
  const parts: React.ReactNode[] = []
  let from = 0
  for (let at = lower.indexOf(needle); at >= 0 && needle.length > 0; at = lower.indexOf(needle, from)) {
    parts.push(text.slice(from, at), <mark key={at}>{text.slice(at, at + needle.length)}</mark>)
    from = at + needle.length
  }
  parts.push(text.slice(from))
  return <>{parts}</>
}
