import { useMutation } from '@tanstack/react-query'
import { ImagePlus, Star, Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'
import { toast } from '#client/lib/toast.ts'
import { queryClient, trpc } from '#client/lib/trpc.ts'

const MAX_PHOTOS = 6
const MAX_PHOTO_MB = 10

interface Photo {
  id: string
  url: string
  isMain: boolean
  /** Under photo review: `pending` until a moderator approves it, `rejected` if they did not. */
  reviewStatus: 'approved' | 'pending' | 'rejected'
}

const styles = {
  grid: css({ display: 'grid', gridTemplateColumns: { base: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' }, gap: '3' }),
  tile: css({ position: 'relative', borderRadius: 'lg', overflow: 'hidden', aspectRatio: '4 / 5', bg: 'bg.muted' }),
  image: css({ w: 'full', h: 'full', objectFit: 'cover' }),
  actions: css({ position: 'absolute', insetX: '2', bottom: '2', display: 'flex', justifyContent: 'space-between', gap: '2' }),
  main: css({
    position: 'absolute',
    top: '2',
    left: '2',
    px: '2',
    py: '0.5',
    borderRadius: 'full',
    bg: 'accent.solid',
    color: 'fg.onAccent',
    textStyle: 'caption',
    fontWeight: 'semibold',
  }),
  add: css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    aspectRatio: '4 / 5',
    borderRadius: 'lg',
    borderWidth: 'thick',
    borderStyle: 'dashed',
    borderColor: 'border.default',
    color: 'fg.muted',
    cursor: 'pointer',
    textStyle: 'small',
    _hover: { borderColor: 'brand.border', color: 'brand.fg' },
  }),
  review: css({
    position: 'absolute',
    top: '2',
    left: '2',
    px: '2',
    py: '0.5',
    borderRadius: 'full',
    textStyle: 'caption',
    fontWeight: 'semibold',
  }),
  pending: css({ bg: 'bg.surface', color: 'fg.default', boxShadow: 'xs' }),
  rejected: css({ bg: 'danger.solid', color: 'fg.onBrand' }),
  hint: css({ textStyle: 'small', color: 'fg.muted', mt: '3' }),
}

const reviewLabels = {
  pending: { text: 'In review', note: 'A photo in review is seen only by you until a moderator approves it.' },
  rejected: { text: 'Not approved', note: 'A photo that was not approved is seen by no one else; you can remove it.' },
} as const

function refreshProfile(profile: unknown) {
  queryClient.setQueryData(trpc.profile.get.queryKey(), profile as never)
  void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() })
}

const photoNotUpdated = { failure: { title: 'Photo not updated' } }

/** The upload is a plain fetch, not a mutation, so it shows the same toast itself. */
function notUpdated(description: string) {
  toast({ title: photoNotUpdated.failure.title, description, variant: 'destructive' })
}

/** Uploads go to the REST path as multipart; the server re-encodes every photo and strips its metadata. */
export function PhotoManager({ photos }: { photos: Photo[] }) {
  const input = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)
  const remove = useMutation(trpc.profile.removePhoto.mutationOptions({ onSuccess: refreshProfile, meta: photoNotUpdated }))
  const makeMain = useMutation(trpc.profile.setMainPhoto.mutationOptions({ onSuccess: refreshProfile, meta: photoNotUpdated }))

  async function upload(file: File) {
    if (file.size > MAX_PHOTO_MB * 1024 * 1024) {
      return notUpdated(`Please choose a photo under ${MAX_PHOTO_MB} MB.`)
    }
    setUploading(true)
    try {
      const body = new FormData()
      body.append('photo', file)
      const response = await fetch('/api/profile/photos', { method: 'POST', body, credentials: 'include' })
      const result = await response.json()
      if (!response.ok) throw new Error(result.message)
      refreshProfile(result)
      toast({ title: 'Photo added', variant: 'success' })
    } catch (error) {
      notUpdated((error as Error).message || 'Please try again.')
    } finally {
      setUploading(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <div>
      <div className={styles.grid}>
        {photos.map((photo) => (
          <div key={photo.id} className={styles.tile}>
            <img src={photo.url} alt="You" className={styles.image} />
            {photo.isMain && <span className={styles.main}>Main photo</span>}
            {photo.reviewStatus !== 'approved' && (
              <span className={cx(styles.review, styles[photo.reviewStatus])}>{reviewLabels[photo.reviewStatus].text}</span>
            )}
            <div className={styles.actions}>
              {!photo.isMain && photo.reviewStatus === 'approved' && (
                <Button size="sm" variant="outline" onClick={() => makeMain.mutate({ photoId: photo.id })} aria-label="Make main photo">
                  <Star size={14} aria-hidden="true" />
                </Button>
              )}
              <Button size="sm" variant="danger" onClick={() => remove.mutate({ photoId: photo.id })} aria-label="Remove photo">
                <Trash2 size={14} aria-hidden="true" />
              </Button>
            </div>
          </div>
        ))}
        {photos.length < MAX_PHOTOS && (
          <label className={styles.add}>
            <ImagePlus size={28} aria-hidden="true" />
            {uploading ? 'Uploading…' : 'Add a photo'}
            <input
              ref={input}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/heic"
              className={css({ srOnly: true })}
              disabled={uploading}
              onChange={(event) => {
                const file = event.target.files?.[0]
                if (file) void upload(file)
              }}
            />
          </label>
        )}
      </div>
      <p className={styles.hint}>
        Up to {MAX_PHOTOS} photos, JPEG, PNG, WebP or HEIC, {MAX_PHOTO_MB} MB each. Location data is removed.
        {(['pending', 'rejected'] as const)
          .filter((status) => photos.some((photo) => photo.reviewStatus === status))
          .map((status) => ` ${reviewLabels[status].note}`)}
      </p>
    </div>
  )
}
