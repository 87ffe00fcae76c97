import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { ZodType } from 'zod';
import { MESSAGES } from '@shop/contracts';

/** Validates a body with the contracts' schema; the first problem names its field. */
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
      field && !message.toLowerCase().includes(field.toLowerCase()) ? `${field}: ${message}` : message,
    );
  }
}
