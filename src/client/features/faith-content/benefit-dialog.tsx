import { BookOpen, FlaskConical, HandHeart } from 'lucide-react'
import type { ReactElement } from 'react'
import { css } from 'styled-system/css'
import { Dialog, DialogContent, DialogTrigger } from '#client/components/ui/dialog.tsx'
import type { MarriageBenefit } from '#shared/content/marriage-benefits.ts'

const styles = {
  intro: css({ textStyle: 'body', color: 'fg.default' }),
  section: css({ mt: '6' }),
  heading: css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'h4', color: 'brand.fg', mb: '3' }),
  icon: css({ w: '5', h: '5', flexShrink: 0, color: 'accent.fg' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  study: css({ p: '4', borderRadius: 'control', bg: 'bg.muted' }),
  studyTitle: css({ fontWeight: 'semibold', color: 'fg.default', lineHeight: '1.4' }),
  studySource: css({ textStyle: 'small', color: 'fg.muted', mt: '1' }),
  studyFinding: css({ textStyle: 'small', color: 'fg.default', mt: '2' }),
  verse: css({ ps: '4', borderInlineStartWidth: 'accent', borderColor: 'accent.solid' }),
  verseText: css({ fontFamily: 'heading', fontStyle: 'italic', fontSize: 'lg', lineHeight: '1.5', color: 'fg.default' }),
  verseReference: css({ display: 'block', mt: '1', textStyle: 'small', fontStyle: 'normal', fontWeight: 'semibold', color: 'fg.muted' }),
  application: css({ textStyle: 'small', color: 'fg.muted', mt: '1' }),
  practice: css({ textStyle: 'body', p: '4', borderRadius: 'control', bg: 'accent.subtle', color: 'fg.default' }),
}

/** A benefit in full: what it means, the studies behind it and the scripture that grounds it. */
export function BenefitDialog({
  benefit,
  trigger,
  defaultOpen,
}: {
  benefit: MarriageBenefit
  trigger: ReactElement
  /** Open as it mounts: the trigger was pressed before this code arrived (`BenefitDialogOnFirstUse`). */
  defaultOpen?: boolean
}) {
  return (
    <Dialog defaultOpen={defaultOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent size="lg" focusableBody title={benefit.title} description={benefit.summary}>
        <p className={styles.intro}>{benefit.detailedBenefit}</p>
        <section className={styles.section}>
          <h3 className={styles.heading}>
            <FlaskConical className={styles.icon} aria-hidden="true" /> What the research shows
          </h3>
          <ul className={styles.list}>
            {benefit.studies.map((study) => (
              <li key={study.title} className={styles.study}>
                <p className={styles.studyTitle}>{study.title}</p>
                <p className={styles.studySource}>
                  {study.source}, {study.year}
                  {study.sampleSize && ` · ${study.sampleSize}`}
                </p>
                <p className={styles.studyFinding}>{study.finding}</p>
              </li>
            ))}
          </ul>
        </section>
        <section className={styles.section}>
          <h3 className={styles.heading}>
            <BookOpen className={styles.icon} aria-hidden="true" /> What Scripture says
          </h3>
          <ul className={styles.list}>
            {benefit.biblicalBasis.map((basis) => (
              <li key={basis.reference}>
                <blockquote className={styles.verse}>
                  <p className={styles.verseText}>“{basis.verse}”</p>
                  <cite className={styles.verseReference}>{basis.reference}</cite>
                </blockquote>
                <p className={styles.application}>{basis.application}</p>
              </li>
            ))}
          </ul>
        </section>
        <section className={styles.section}>
          <h3 className={styles.heading}>
            <HandHeart className={styles.icon} aria-hidden="true" /> Putting it into practice
          </h3>
          <p className={styles.practice}>{benefit.practicalApplication}</p>
        </section>
      </DialogContent>
    </Dialog>
  )
}
