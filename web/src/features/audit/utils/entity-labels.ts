import type { AuditEntity } from '@shop/contracts';
import type { BadgeTone } from '@/components/ui/badge';

export const ENTITY_LABELS: Readonly<Record<AuditEntity, string>> = {
  user: 'User',
  setting: 'Setting',
  contact: 'Contact details',
  product: 'Product',
  sale: 'Sale',
  order: 'Online order',
  customer: 'Customer',
  support: 'Support request',
};

export const ENTITY_TONES: Readonly<Record<AuditEntity, BadgeTone>> = {
  user: 'info',
  setting: 'neutral',
  contact: 'neutral',
  product: 'brand',
  sale: 'success',
  order: 'warning',
  customer: 'info',
  support: 'warning',
};
