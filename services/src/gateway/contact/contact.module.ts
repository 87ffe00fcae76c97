import { Module } from '@nestjs/common';
import { ChangeContactInfoHandler, ContactController, GetContactInfoHandler } from './contact.controller';

@Module({ controllers: [ContactController], providers: [ChangeContactInfoHandler, GetContactInfoHandler] })
export class ContactModule {}
