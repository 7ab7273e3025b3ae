/** A refused search's pattern, said to a person (src/phone/SearchRefusal.tsx); loaded with the later strings, when a search is first refused. */
export const searchRefusalEn = {
  tooLong: 'The search is {{length}} characters long; the limit in “{{mode}}” mode is {{limit}}. Search for a shorter part of it: a name, a number, a word or two.',
  tooBig: 'This regular expression repeats too much to search with: about {{instructions}} steps, where at most {{limit}} are allowed. Use smaller repeat counts.',
  invalid: '“{{pattern}}” is not a valid regular expression: {{reason}}.',
  invalidAt: '“{{pattern}}” is not a valid regular expression: {{reason}}, at “{{fragment}}”.',
  reasons: {
    range: 'a range in [ ] is not valid (it must run from low to high, like a-z)',
    escape: 'it has a backslash escape the search does not know',
    namedGroup: 'a named group is not written right',
    perl: 'it uses a (?…) form the search does not support (lookahead and lookbehind are not supported)',
    nestedRepeat: 'two repeat signs follow each other, like ** or +*',
    repeatCount: 'a count in { } is over 1000 or not a valid count',
    bracket: 'a [ is never closed with ]',
    paren: 'a ( is never closed with )',
    nothingToRepeat: 'a repeat sign (*, +, ? or { }) has nothing before it to repeat',
    trailingBackslash: 'it ends with a lone backslash',
    duplicateName: 'two groups have the same name',
    unexpectedParen: 'a ) has no ( before it',
    nesting: 'it nests too deeply',
    large: 'it is too large',
    utf8: 'it holds a character that is not valid text',
  },
}

export type SearchRefusalStrings = typeof searchRefusalEn
