import type { plannerAnalysisEn } from './plannerAnalysis'

/** 分析视图中规划器任务（MobilePA-Bench 维度）的界面文字。 */
export const plannerAnalysisZh: typeof plannerAnalysisEn = {
  heading: '规划器任务（MobilePA-Bench）',
  hint: '适用于任务标明维度的数据集：npm run score 写入 result.json 的数字，以及作答中子智能体、记忆和技能的使用情况。所有数字都读自已作出的判定；没有作答的任务在准确率中记为错误，在其他数字中不计。',
  tasks: '{{count}} 个任务',
  tasks_one: '{{count}} 个任务',
  share: '{{of}} 次中 {{hits}} 次（{{pct}} %）',
  dimensions: {
    heading: '各维度准确率',
    description: '按运行（模型）或人计算的均值 ± 总体标准差，单位 %。总分 = 0.5 × 基础 + 0.1 × 子智能体 + 0.2 × 记忆 + 0.2 × 技能，按均值计算。',
    names: { basic: '基础工具使用', subagent: '子智能体', memory: '记忆', skill: '技能' },
    overall: '总分（MobilePA）',
    partial: '{{value}}（部分）',
    partialNote: '有维度没有任务：“部分”是有任务的维度的加权平均，权重按比例缩放至总和为 1。',
  },
  buckets: {
    heading: '按验证方式的准确率',
    description: '决定任务对错的依据：调用、调用留下的状态，或评分细则。按运行或人计算的均值 ± 总体标准差，单位 %。',
    names: { tool_call: '工具调用', state_change: '状态变化', agent_behavior: '智能体行为' },
  },
  delegation: {
    heading: '子智能体：路由与交接',
    hint: '统计标准答案把工作交给子智能体的子智能体任务（{{tasks}}；按评分细则评判的不计）的作答。路由：作答把工作交给的子智能体与标准答案或其某个备选答案相同。交接：路由正确，且判定在交接调用上没有发现问题（包括其内容、必须提及的事实、次数和顺序）。',
    attempts: '作答',
    route: '路由正确',
    handoff: '交接正确',
  },
  memory: {
    heading: '记忆召回',
    hint: '统计要求使用记忆的任务（{{tasks}}）的作答：作答用到的必需记忆（在最后一个操作前读到，或已置顶）占必需记忆的比例。',
    attempts: '作答',
    recall: '召回',
  },
  skills: {
    heading: '技能加载',
    hint: '统计有技能条件的任务（{{tasks}}）的作答：作答中任意位置加载的技能（每个只算一次），加载了全部必需技能的频率，以及加载了禁用技能的频率。',
    attempts: '作答',
    loads: '每次作答加载的技能数',
    required: '加载了必需技能',
    forbidden: '加载了禁用技能',
  },
  chart: {
    title: '各维度与总分（图）',
    desc: '柱：每行在各 MobilePA-Bench 维度上的平均准确率（%）及加权总分，每个维度一种颜色。误差线：按运行或人计算的 ± 总体标准差。',
    axis: '准确率（%）',
  },
}
