import { Module } from '@nestjs/common';
import { HomeController } from './home.controller';

/** GET /, the small JSON index of the API. */
@Module({ controllers: [HomeController] })
export class HomeModule {}
