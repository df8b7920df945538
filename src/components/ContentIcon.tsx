import {
  Briefcase,
  Calendar,
  ChartColumn,
  Clock,
  Dumbbell,
  Mail,
  MapPin,
  Megaphone,
  MessageCircle,
  ShoppingBag,
  Tag,
  User,
  Users,
  Utensils,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import type { IconName } from '../content/icons.ts';

const icons: Record<IconName, LucideIcon> = {
  briefcase: Briefcase,
  dumbbell: Dumbbell,
  utensils: Utensils,
  wrench: Wrench,
  'shopping-bag': ShoppingBag,
  tag: Tag,
  calendar: Calendar,
  user: User,
  mail: Mail,
  'map-pin': MapPin,
  users: Users,
  'message-circle': MessageCircle,
  megaphone: Megaphone,
  'bar-chart': ChartColumn,
  clock: Clock,
};

/** The lucide icon a content module names; decorative, so hidden from assistive technology. */
export function ContentIcon({ name, className = 'size-6' }: { name: IconName; className?: string }) {
  const Icon = icons[name];
  return <Icon className={className} aria-hidden="true" />;
}
