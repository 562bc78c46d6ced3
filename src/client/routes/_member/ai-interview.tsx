import { createFileRoute } from '@tanstack/react-router'
import { InterviewPage } from '#client/features/interview/interview-page.tsx'
import { pageHead } from '#client/lib/page-head.ts'

export const Route = createFileRoute('/_member/ai-interview')({
  head: () => pageHead('AI Interview'),
  component: InterviewPage,
})
