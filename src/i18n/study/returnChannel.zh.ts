import type { returnChannelEn } from './returnChannel'

/** 研究链接的回传通道（参与者一侧）。 */
export const returnChannelZh: Record<keyof typeof returnChannelEn, string> = {
  region: '正在发送你的答案',
  sending: '每完成一道任务，答案就会发送：已发送 {{sent}} / {{total}}。',
  sendingNow: '正在发送你的答案…',
  closing: '所有任务均已发送，正在完成研究…',
  done: '谢谢：你的答案已保存，研究已完成。',
  codeLabel: '你的完成码',
  codeHint: '请将此完成码复制到招募平台的页面以获得报酬。',
  redirecting: '正在返回招募平台…',
  continueLink: '返回招募平台',
  failedTitle: '你的答案未能发送',
  failedText: '页面已多次尝试，但无法连接研究的存储（{{reason}}）。你的操作不会丢失：它们保存在此浏览器中，再次尝试或重新打开链接时页面会发送。如果一直失败，请下载你的答案并将文件发送给研究负责人。',
  failedNoCode: '只有在你的答案保存后才会显示完成码。',
  retry: '重试',
  download: '下载我的答案',
  downloadFailed: '下载失败：{{reason}}',
  noStudy: '此页面不是研究：无法读取其 study.json（{{reason}}）。',
  noParticipant: '此研究链接缺少参与者编号（{{param}}）。请从招募平台的页面打开研究。',
  full: '此研究的名额已满。请在招募平台的页面上退回此研究。',
  claimFailed: '页面未能为你保留研究名额（{{reason}}）。请检查网络后重试。',
}
