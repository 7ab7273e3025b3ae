import type { dataEn } from './data'

export const dataZh: typeof dataEn = {
  heading: '实时示例',
  hint: '20 个实时状态任务：调用会改动手机里的记录，有些调用会先被拒绝一次（网络繁忙、支付验证），需要补救；每个任务按最终留下的状态检查。',
  load: '加载实时示例',
  source: '内置实时示例',
  active: '实时示例已是当前数据集。',
  switched: '实时示例已存储过，现为当前数据集。',
  planner: {
    heading: '规划示例',
    hint: '24 个规划任务，涵盖基础工具使用、子智能体、记忆和技能：加载技能以获得它的工具，把工作交给财务、差旅或 IT 服务台，回想关于用户的记忆，请求不明确时向用户提问。部分任务按评分细则评判。',
    load: '加载规划示例',
    source: '内置规划示例',
    active: '规划示例已是当前数据集。',
    switched: '规划示例已存储过，现为当前数据集。',
  },
}
