import { storyCategories, type StoryCategory } from '#shared/content/scripture-stories.ts'
import { Badge } from '../../components/ui/badge'

export function StoryCategoryBadge({ category }: { category: StoryCategory }) {
  const { label, badgeColor } = storyCategories[category]
  return <Badge variant={badgeColor}>{label}</Badge>
}
