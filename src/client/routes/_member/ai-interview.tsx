import { createFileRoute } from '@tanstack/react-router'
import { InterviewPage } from '../../features/interview/interview-page'

export const Route = createFileRoute('/_member/ai-interview')({
  component: InterviewPage,
})
