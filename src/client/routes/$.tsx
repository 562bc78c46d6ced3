import { createFileRoute } from '@tanstack/react-router'
import { NotFound } from '#client/components/layout/not-found.tsx'
import { NOT_FOUND_SCREEN, pageHead } from '#client/lib/page-head.ts'

/** Any path no screen claims: the not-found page, named in the tab so it is not mistaken for the home page. */
export const Route = createFileRoute('/$')({
  head: () => pageHead(NOT_FOUND_SCREEN),
  component: NotFound,
})
