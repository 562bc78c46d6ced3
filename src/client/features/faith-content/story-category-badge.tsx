import { storyCategories, type StoryCategory } from '#shared/content/scripture-stories.ts'
import { Badge } from '#client/components/ui/badge.tsx'

export function StoryCategoryBadge({ category }: { category: StoryCategory }) {
  const { label, badgeColor } = storyCategories[category]
  return <Badge variant={badgeColor}>{label}</Badge>
}
