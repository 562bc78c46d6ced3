import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Sparkles } from 'lucide-react'
import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'
import { trpc } from '#client/lib/trpc.ts'
import { FormSection } from './form-section'

const styles = {
  list: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' }),
  topic: css({ textStyle: 'overline', color: 'fg.muted' }),
  answer: css({ textStyle: 'body', color: 'fg.default', mt: '0.5' }),
}

/** What the AI interview added to the member's profile: one answer per topic, shaping their compatibility scores. */
export function InterviewAnswers() {
  const interview = useQuery(trpc.interview.answers.queryOptions())
  if (!interview.data) return null
  const { answers } = interview.data
  return (
    <FormSection
      title="From your AI interview"
      description={
        answers.length ? 'What you shared in your relationship interview. It shapes your compatibility with every member.' : undefined
      }
    >
      {answers.length === 0 ? (
        <div>
          <p className={css({ textStyle: 'body', color: 'fg.muted', mb: '3' })}>
            Take the 15-20 minute relationship interview to add your values and hopes to your profile and sharpen your matches.
          </p>
          <Button asChild>
            <Link to="/ai-interview">
              <Sparkles size={16} aria-hidden="true" /> Take the AI Interview
            </Link>
          </Button>
        </div>
      ) : (
        <dl className={styles.list}>
          {answers.map((answer) => (
            <div key={answer.questionId}>
              <dt className={styles.topic}>{answer.topic}</dt>
              <dd className={styles.answer}>{answer.response}</dd>
            </div>
          ))}
        </dl>
      )}
    </FormSection>
  )
}
