import { KeywordAgent, OracleAgent } from '../core'
import type { ChatModel, Profile, Task } from '../core'
import type { EndpointSettings } from './openaiModel'

/** The agents a run can use: the built-in oracle and keyword agents, or an OpenAI-compatible endpoint. */
export type AgentChoice = { agent: 'oracle' } | { agent: 'keyword' } | { agent: 'endpoint'; endpoint: EndpointSettings }

/**
 * The one model factory, for the page's runner and `npm run agent`. The
 * OpenAI client is loaded only when an endpoint is asked for, so that the
 * page's first load stays small.
 */
export async function createModel(choice: AgentChoice, task: Task, profile: Profile): Promise<ChatModel> {
  switch (choice.agent) {
    case 'oracle':
      return new OracleAgent(task)
    case 'keyword':
      return new KeywordAgent(profile)
    case 'endpoint': {
      const { OpenAIChatModel } = await import('./openaiModel')
      return new OpenAIChatModel(choice.endpoint)
    }
  }
}
