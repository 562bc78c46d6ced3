import { createFileRoute } from '@tanstack/react-router'
import { InterviewPage } from '#client/features/interview/interview-page.tsx'

export const Route = createFileRoute('/_member/ai-interview')({
  component: InterviewPage,
})
