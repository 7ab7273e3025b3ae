import type { runnerEn } from './runner'

export const runnerZh: typeof runnerEn = {
  state: '状态',
  states: {
    auto: '自动（任务需要改动时为实时）',
    static: '静态（公开协议）',
    live: '实时（调用会改变手机）',
  },
  failureRate: '随机失败率',
  failureRateHint: '0 到 1：每个本应有效的执行调用以此概率暂时失败',
  seed: '随机种子',
}
