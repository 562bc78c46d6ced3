export const interviewPersonas = ['female', 'male'] as const
export const communicationModes = ['chat', 'voice'] as const

export type InterviewPersonaId = (typeof interviewPersonas)[number]

export interface InterviewPersona {
  name: string
  description: string
}

/** The spec's two AI personas: female ({name}) and male ({name}). */
export const interviewPersonaById: Readonly<Record<InterviewPersonaId, InterviewPersona>> = {
  female: {
    name: 'Miriam',
    description: 'A pastor’s wife of thirty years who has walked many couples to the altar: warm, patient and gently direct.',
  },
  male: {
    name: 'Samuel',
    description: 'A church elder and marriage mentor who asks what a wise father would: steady, kind and practical.',
  },
}

export const communicationModeLabels = { chat: 'Chat', voice: 'Voice' } as const
