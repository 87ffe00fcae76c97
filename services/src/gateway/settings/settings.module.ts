import { Global, Module } from '@nestjs/common';
import { PagePermissionsReader } from './page-permissions.reader';
import { ChangePagePermissionsHandler, SettingsController } from './settings.controller';

@Global()
@Module({
  controllers: [SettingsController],
  providers: [PagePermissionsReader, ChangePagePermissionsHandler],
  exports: [PagePermissionsReader],
})
export class SettingsModule {}
