import { Badge } from '#client/components/ui/badge.tsx'
import { type StoryCategory, storyCategories } from '#shared/content/scripture-stories.ts'

export function StoryCategoryBadge({ category }: { category: StoryCategory }) {
  const { label, badgeColor } = storyCategories[category]
  return <Badge variant={badgeColor}>{label}</Badge>
}
