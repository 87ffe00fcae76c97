import { Mail, MapPin, MessageCircle, Pencil, Phone, type LucideIcon } from 'lucide-react';
import type { ContactInfoResponse } from '@shop/contracts';
import { LoadFailed } from '@/components/feedback/load-failed';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/utils/format';
import { CONTACT_FIELDS, CONTACT_FIELD_ORDER, type ContactField } from '../utils/contact-fields';

const icons: Record<ContactField, LucideIcon> = { email: Mail, phone: Phone, whatsapp: MessageCircle, address: MapPin };

type ContactInfoCardProps = {
  contact: ContactInfoResponse | null | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Asks the failed call again (the Try again button). */
  onRetry: () => void;
  retrying: boolean;
  /** Managers get an edit action per field; everyone else sees the details only. */
  onEdit?: (field: ContactField) => void;
};

export function ContactInfoCard({ contact, isLoading, isError, onRetry, retrying, onEdit }: ContactInfoCardProps) {
  return (
    <Card data-testid="contact-info-card">
      <CardHeader>
        <div>
          <CardTitle>Contact Information</CardTitle>
          <CardDescription>
            {contact?.updatedAt
              ? `Shown on receipts · updated ${formatDateTime(contact.updatedAt)}`
              : 'Shown on receipts once set'}
          </CardDescription>
        </div>
      </CardHeader>
      <CardBody className="py-2">
        {isLoading ? (
          <div className="flex justify-center py-8 text-slate-500">
            <Spinner className="h-6 w-6" />
          </div>
        ) : isError ? (
          <LoadFailed
            message="Contact information could not be loaded."
            onRetry={onRetry}
            retrying={retrying}
            padding="py-8"
            testId="contact-load-failed"
          />
        ) : (
          <ul className="divide-y divide-slate-100">
            {CONTACT_FIELD_ORDER.map((field) => {
              const Icon = icons[field];
              const { label } = CONTACT_FIELDS[field];
              const value = contact?.[field];
              return (
                <li key={field} data-testid="contact-field" data-field={field} className="flex items-center gap-3 py-3">
                  <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
                    <Icon className="h-4 w-4" aria-hidden="true" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="text-xs font-medium text-slate-500">{label}</p>
                    <p
                      data-testid="contact-value"
                      className={value ? 'text-sm break-words text-slate-900' : 'text-sm text-slate-500 italic'}
                    >
                      {value || 'Not set'}
                    </p>
                  </div>
                  {onEdit && (
                    <Button
                      variant="ghost"
                      size="icon"
                      data-testid="edit-contact"
                      aria-label={`Edit ${label}`}
                      onClick={() => onEdit(field)}
                    >
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
