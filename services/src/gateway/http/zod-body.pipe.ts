import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { ZodType } from 'zod';
import { isSpecText, MESSAGES } from '@shop/contracts';

/**
 * Validates a body with the contracts' schema; the first problem names its field, unless its message
 * already does or is one of the spec's texts (SPEC_TEXTS), which the client gets exactly.
 */
export class ZodBodyPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: ZodType<T>) {}

  transform(value: unknown): T {
    const body =
      value === undefined || value === null || typeof value !== 'object' || Array.isArray(value) ? null : value;
    if (body === null) throw new BadRequestException(MESSAGES.notJsonObject);
    const parsed = this.schema.safeParse(body);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    const message = issue?.message ?? 'Invalid input';
    throw new BadRequestException(
      field && !isSpecText(message) && !message.toLowerCase().includes(field.toLowerCase())
        ? `${field}: ${message}`
        : message,
    );
  }
}
