import { useEffect, useRef, useState } from 'react'
import { type ToastOptions, toast } from '#client/lib/toast.ts'

// The Web Speech API is not in TypeScript's DOM library: only the parts used here.
interface RecognitionResult {
  readonly isFinal: boolean
  readonly 0: { readonly transcript: string }
}

interface RecognitionEvent {
  readonly resultIndex: number
  readonly results: { readonly length: number; readonly [index: number]: RecognitionResult }
}

interface Recognition {
  continuous: boolean
  interimResults: boolean
  lang: string
  onresult: ((event: RecognitionEvent) => void) | null
  onerror: ((event: { error: string }) => void) | null
  onend: (() => void) | null
  start(): void
  stop(): void
  abort(): void
}

type RecognitionConstructor = new () => Recognition

function recognitionConstructor(): RecognitionConstructor | undefined {
  const speech = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor }
  return speech.SpeechRecognition ?? speech.webkitSpeechRecognition
}

/** Whether this browser can turn speech into text; without it the interview is typed. */
export function canDictate(): boolean {
  return recognitionConstructor() !== undefined
}

const blocked: ToastOptions = {
  title: 'Microphone blocked',
  description: 'Allow microphone access for this site to answer by voice, or type your answer.',
  variant: 'destructive',
}
const failures: Record<string, ToastOptions> = {
  'not-allowed': blocked,
  'service-not-allowed': blocked,
  'no-speech': { title: 'Nothing heard', description: 'Try again a little closer to the microphone, or type your answer.' },
}
const unavailable: ToastOptions = {
  title: 'Voice input unavailable',
  description: 'Your browser could not turn speech into text just now. Please type your answer.',
  variant: 'destructive',
}

/**
 * Dictation through the browser's speech recognition: each finished phrase is handed to `onPhrase`
 * as text, for the member to read and edit before sending. No audio is kept or sent to Covenant.
 */
export function useDictation(onPhrase: (text: string) => void) {
  const [listening, setListening] = useState(false)
  const recognition = useRef<Recognition | null>(null)
  const handler = useRef(onPhrase)
  handler.current = onPhrase

  useEffect(() => () => recognition.current?.abort(), [])

  const start = () => {
    const Recognition = recognitionConstructor()
    if (!Recognition || recognition.current) return
    const session = new Recognition()
    session.continuous = true
    session.interimResults = false
    session.lang = navigator.language || 'en-US'
    session.onresult = (event) => {
      for (let index = event.resultIndex; index < event.results.length; index++) {
        const result = event.results[index]
        const text = result?.isFinal ? result[0].transcript.trim() : ''
        if (text) handler.current(text)
      }
    }
    // 'aborted' is our own stop on leaving the question; anything else is told.
    session.onerror = ({ error }) => {
      if (error !== 'aborted') toast(failures[error] ?? unavailable)
    }
    session.onend = () => {
      recognition.current = null
      setListening(false)
    }
    recognition.current = session
    session.start()
    setListening(true)
  }

  const stop = () => recognition.current?.stop()
  // Stops without the phrase still being recognised: an answer already sent must not gain words, nor the next question.
  const discard = () => recognition.current?.abort()

  return { listening, start, stop, discard }
}
