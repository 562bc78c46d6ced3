import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

export function PageTitle({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className={css({ mb: '8' })}>
      <h1 className={css({ textStyle: 'h1', color: 'fg.default' })}>{title}</h1>
      {description && <p className={css({ textStyle: 'lead', color: 'fg.muted', mt: '2', maxW: '3xl' })}>{description}</p>}
    </div>
  )
}
