import type { SearchRefusalStrings } from './searchRefusal'

export const searchRefusalZh: SearchRefusalStrings = {
  tooLong: '搜索内容有 {{length}} 个字符，“{{mode}}”方式最多 {{limit}} 个。请搜索其中较短的一部分：一个名字、一个号码或一两个词。',
  tooBig: '这个正则表达式重复得太多，无法搜索：约 {{instructions}} 步，上限为 {{limit}} 步。请减小重复次数。',
  invalid: '“{{pattern}}”不是有效的正则表达式：{{reason}}。',
  invalidAt: '“{{pattern}}”不是有效的正则表达式：{{reason}}，位置在“{{fragment}}”。',
  reasons: {
    range: '方括号 [ ] 中的范围无效（须从小到大，如 a-z）',
    escape: '含有搜索不认识的反斜杠转义',
    namedGroup: '命名分组的写法不对',
    perl: '用了搜索不支持的 (?…) 写法（不支持前瞻和后顾）',
    nestedRepeat: '两个重复符号连在一起，如 ** 或 +*',
    repeatCount: '{ } 中的次数超过 1000 或无效',
    bracket: '左方括号 [ 没有对应的 ]',
    paren: '左括号 ( 没有对应的 )',
    nothingToRepeat: '重复符号（*、+、? 或 { }）前面没有可重复的内容',
    trailingBackslash: '末尾多了一个反斜杠',
    duplicateName: '两个分组同名',
    unexpectedParen: '右括号 ) 前面没有对应的 (',
    nesting: '嵌套层数太多',
    large: '表达式太大',
    utf8: '含有无效的字符',
  },
}
