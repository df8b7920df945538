import {
  Briefcase as briefcaseIcon,
  Calendar as calendarIcon,
  ChartColumn as chartColumnIcon,
  Clock as clockIcon,
  Dumbbell as dumbbellIcon,
  Mail as mailIcon,
  MapPin as mapPinIcon,
  Megaphone as megaphoneIcon,
  MessageCircle as messageCircleIcon,
  ShoppingBag as shoppingBagIcon,
  Tag as tagIcon,
  User as userIcon,
  Users as usersIcon,
  Utensils as utensilsIcon,
  Wrench as wrenchIcon,
} from 'lucide';
import type { IconNode } from 'lucide';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import type { IconName } from '../content/icons.ts';

/** Each content icon's lucide data and lucide name (which gives its class). */
const icons: Record<IconName, readonly [node: IconNode, name: string]> = {
  briefcase: [briefcaseIcon, 'briefcase'],
  dumbbell: [dumbbellIcon, 'dumbbell'],
  utensils: [utensilsIcon, 'utensils'],
  wrench: [wrenchIcon, 'wrench'],
  'shopping-bag': [shoppingBagIcon, 'shopping-bag'],
  tag: [tagIcon, 'tag'],
  calendar: [calendarIcon, 'calendar'],
  user: [userIcon, 'user'],
  mail: [mailIcon, 'mail'],
  'map-pin': [mapPinIcon, 'map-pin'],
  users: [usersIcon, 'users'],
  'message-circle': [messageCircleIcon, 'message-circle'],
  megaphone: [megaphoneIcon, 'megaphone'],
  'bar-chart': [chartColumnIcon, 'chart-column'],
  clock: [clockIcon, 'clock'],
};

/** The lucide icon a content module names; decorative, so hidden from assistive technology. */
export function ContentIcon({ name, className = 'size-6' }: { name: IconName; className?: string }) {
  const [icon, lucideName] = icons[name];
  return <LucideIcon icon={icon} name={lucideName} className={className} />;
}
