import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CheckCircle2, Clock, Mic, MicOff, Sparkles, Star } from 'lucide-react'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { PageLoading } from '#client/components/layout/page-loading.tsx'
import { PageTitle } from '#client/components/layout/page-title.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Progress } from '#client/components/ui/progress.tsx'
import { RadioCardGroup } from '#client/components/ui/radio-group.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { toast } from '#client/lib/toast.ts'
import { queryClient, type RouterOutputs, trpc } from '#client/lib/trpc.ts'
import { communicationModeLabels, type InterviewPersonaId, interviewPersonaById } from '#shared/content/interview-personas.ts'
import { canDictate, useDictation } from './use-dictation'

type Question = NonNullable<RouterOutputs['interview']['start']['firstQuestion']>

/** The spec's question number: floor(progress / 100 × 20) + 1. */
function questionNumber(progress: number) {
  return Math.floor((progress / 100) * 20) + 1
}

const panelLayout = css.raw({ maxW: '3xl', display: 'flex', flexDirection: 'column', gap: '6', p: { base: '5', md: '8' } })

const styles = {
  panel: cx(card({ elevation: 'xs' }).root, css(panelLayout)),
  // Merged with the panel's layout, so the closing screen's gap replaces the panel's in one class.
  done: cx(card({ elevation: 'xs' }).root, css(panelLayout, { alignItems: 'center', textAlign: 'center', gap: '4' })),
  lead: css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'body', color: 'fg.muted' }),
  label: css({ textStyle: 'small', fontWeight: 'semibold', color: 'fg.default', mb: '2' }),
  top: css({
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: '3',
    flexWrap: 'wrap',
    textStyle: 'small',
    color: 'fg.muted',
  }),
  question: css({ textStyle: 'h3', color: 'fg.default' }),
  row: css({ display: 'flex', gap: '3', justifyContent: 'space-between', flexWrap: 'wrap' }),
  doneIcon: css({ color: 'success.fg' }),
  doneTitle: css({ textStyle: 'h2', color: 'fg.default' }),
  doneText: css({ textStyle: 'body', color: 'fg.muted', maxW: 'lg' }),
  buttons: css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'center' }),
  recording: css({ color: 'danger.fg', borderColor: 'danger.border' }),
  // Alone in its row (typed answers), the submit button still sits at the end.
  submit: css({ ms: 'auto' }),
  note: css({ textStyle: 'small', color: 'fg.muted' }),
}

type Stage =
  | { kind: 'setup' }
  | {
      kind: 'interview'
      interviewId: string
      persona: string
      /** Answers may be dictated: the member chose voice and the browser can turn speech into text. */
      voice: boolean
      question: Question
      progress: number
      remaining: number
    }
  | { kind: 'completed'; message: string }

export function InterviewPage() {
  const status = useQuery(trpc.interview.status.queryOptions())
  const [stage, setStage] = useState<Stage>({ kind: 'setup' })

  if (status.isPending) return <PageLoading />
  const alreadyCompleted = stage.kind === 'setup' && status.data?.completed && !status.data.inProgress
  return (
    <>
      <PageTitle
        title="AI Relationship Interview"
        description="A guided conversation about faith, family and the marriage you hope for. Your answers shape your matches."
      />
      {alreadyCompleted ? (
        <Finished
          title="Already Completed"
          text="You have completed your relationship interview. Your answers are part of your profile and shape every compatibility score."
          primary={{ label: 'View Your Enhanced Profile', to: '/profile' }}
        />
      ) : stage.kind === 'setup' ? (
        <Setup resuming={Boolean(status.data?.inProgress)} onStarted={setStage} />
      ) : stage.kind === 'interview' ? (
        <Interview stage={stage} onNext={setStage} />
      ) : (
        <Finished
          title="Interview Complete"
          text={stage.message}
          primary={{ label: 'Start Matching', to: '/' }}
          secondary={{ label: 'View Enhanced Profile', to: '/profile' }}
        />
      )}
    </>
  )
}

function Setup({ resuming, onStarted }: { resuming: boolean; onStarted: (stage: Stage) => void }) {
  const [aiPersona, setPersona] = useState<InterviewPersonaId>('female')
  const [communicationMode, setMode] = useState<'chat' | 'voice'>('chat')
  const voiceAvailable = canDictate()
  const start = useMutation(
    trpc.interview.start.mutationOptions({
      onSuccess: (started) => {
        toast({
          title: 'Interview Started',
          description: `${started.aiPersona.name} will guide you through ${started.totalQuestions} questions.`,
          variant: 'success',
        })
        if (!started.firstQuestion) return
        onStarted({
          kind: 'interview',
          interviewId: started.interviewId,
          persona: started.aiPersona.name,
          voice: communicationMode === 'voice',
          question: started.firstQuestion,
          progress: started.progress,
          remaining: started.questionsRemaining,
        })
      },
      meta: { failure: { title: 'Error', description: 'Failed to start interview. Please try again.' } },
    }),
  )
  return (
    <section className={styles.panel} aria-label="Interview setup">
      <p className={styles.lead}>
        <Clock size={18} aria-hidden="true" /> The interview takes 15-20 minutes. {resuming && 'You can pick up where you left off.'}
      </p>
      <div>
        <p id="persona-label" className={styles.label}>
          Your interviewer
        </p>
        <RadioCardGroup
          aria-labelledby="persona-label"
          orientation="horizontal"
          value={aiPersona}
          onValueChange={(value) => setPersona(value as InterviewPersonaId)}
          options={(['female', 'male'] as const).map((id) => ({
            value: id,
            label: interviewPersonaById[id].name,
            description: interviewPersonaById[id].description,
          }))}
        />
      </div>
      {voiceAvailable ? (
        <div>
          <p id="mode-label" className={styles.label}>
            How you would like to answer
          </p>
          <RadioCardGroup
            aria-labelledby="mode-label"
            orientation="horizontal"
            value={communicationMode}
            onValueChange={(value) => setMode(value as 'chat' | 'voice')}
            options={[
              { value: 'chat', label: communicationModeLabels.chat, description: 'Type your answers at your own pace.' },
              {
                value: 'voice',
                label: communicationModeLabels.voice,
                description: 'Speak your answers: your browser writes them down, and you edit the text before sending.',
              },
            ]}
          />
        </div>
      ) : (
        <p className={styles.note}>
          You type your answers here. To answer by voice, open the interview in a browser with speech recognition, such as Chrome, Edge or
          Safari.
        </p>
      )}
      <div>
        <Button size="lg" loading={start.isPending} onClick={() => start.mutate({ aiPersona, communicationMode })}>
          <Sparkles size={18} aria-hidden="true" /> {resuming ? 'Continue Interview' : 'Begin Interview'}
        </Button>
      </div>
    </section>
  )
}

function Interview({ stage, onNext }: { stage: Extract<Stage, { kind: 'interview' }>; onNext: (stage: Stage) => void }) {
  const [answer, setAnswer] = useState('')
  // Set once any of this answer was dictated, and kept when the member edits the text.
  const [spoken, setSpoken] = useState(false)
  const dictation = useDictation((phrase) => {
    setSpoken(true)
    setAnswer((text) => (text.trim() ? `${text.trimEnd()} ${phrase}` : phrase))
  })
  const { question } = stage
  const respond = useMutation(
    trpc.interview.respond.mutationOptions({
      onSuccess: (result) => {
        dictation.discard()
        setAnswer('')
        setSpoken(false)
        if (result.completed || !result.nextQuestion) {
          toast({ title: 'Interview Complete!', description: result.message, variant: 'success' })
          void queryClient.invalidateQueries(trpc.interview.pathFilter())
          void queryClient.invalidateQueries(trpc.matches.quantum.pathFilter())
          return onNext({ kind: 'completed', message: result.message })
        }
        onNext({ ...stage, question: result.nextQuestion, progress: result.progress, remaining: result.questionsRemaining })
      },
      meta: { failure: { title: 'Error', description: 'Failed to submit response. Please try again.' } },
    }),
  )
  const toggleRecording = () => {
    if (dictation.listening) {
      dictation.stop()
      toast({ title: 'Recording Stopped', description: 'Processing your voice response...' })
    } else {
      dictation.start()
      toast({ title: 'Recording Started', description: 'Speak your response. Click again to stop.' })
    }
  }
  const canSpeak = stage.voice && question.type === 'open'
  const blank = !answer.trim()
  const submit = () =>
    !blank && respond.mutate({ interviewId: stage.interviewId, questionId: question.id, response: answer, isVoice: spoken })

  return (
    <section className={styles.panel} aria-label="Interview">
      <div className={styles.top}>
        <span>
          Question {questionNumber(stage.progress)} of 20 · {stage.persona} is listening
        </span>
        <span>{stage.remaining} to go</span>
      </div>
      <Progress value={stage.progress} aria-label="Interview progress" />
      <div>
        {question.importance === 'high' && (
          <Badge variant="accent" size="sm" className={css({ mb: '2' })}>
            <Star size={12} aria-hidden="true" /> Important Question
          </Badge>
        )}
        <h2 className={styles.question} id="question">
          {question.question}
        </h2>
      </div>
      {question.type === 'choice' && question.options ? (
        <RadioCardGroup
          key={question.id}
          aria-labelledby="question"
          value={answer}
          onValueChange={setAnswer}
          options={question.options.map((option) => ({ value: option, label: option }))}
        />
      ) : (
        <Textarea
          key={question.id}
          aria-labelledby="question"
          rows={5}
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
          placeholder="Take your time…"
        />
      )}
      <div className={styles.row}>
        {canSpeak && (
          <Button
            variant="outline"
            onClick={toggleRecording}
            aria-pressed={dictation.listening}
            className={cx(dictation.listening && styles.recording)}
          >
            {dictation.listening ? <MicOff size={16} aria-hidden="true" /> : <Mic size={16} aria-hidden="true" />}{' '}
            {dictation.listening ? 'Stop Recording' : 'Answer by Voice'}
          </Button>
        )}
        <Button disabled={blank} loading={respond.isPending} onClick={submit} className={styles.submit}>
          Submit Answer
        </Button>
      </div>
    </section>
  )
}

function Finished({
  title,
  text,
  primary,
  secondary,
}: {
  title: string
  text: string
  primary: { label: string; to: '/' | '/profile' }
  secondary?: { label: string; to: '/' | '/profile' }
}) {
  return (
    <section className={styles.done} aria-label={title}>
      <CheckCircle2 size={48} className={styles.doneIcon} aria-hidden="true" />
      <h2 className={styles.doneTitle}>{title}</h2>
      <p className={styles.doneText}>{text}</p>
      <div className={styles.buttons}>
        <Button asChild size="lg">
          <Link to={primary.to}>{primary.label}</Link>
        </Button>
        {secondary && (
          <Button asChild size="lg" variant="outline">
            <Link to={secondary.to}>{secondary.label}</Link>
          </Button>
        )}
      </div>
    </section>
  )
}
