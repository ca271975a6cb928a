import { registerAs, type ConfigType } from '@nestjs/config';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { CommaSeparated } from '../common/config/env-transformers';
import { validateEnv } from '../common/config/validate-env';

/** Where POST /api/images and /api/videos search; engines, when set, are asked instead of categories. */
export class MediaEnv {
  @CommaSeparated() @IsString({ each: true }) readonly SEARCH_IMAGES_CATEGORIES: string[] = [
    'images',
  ];
  @CommaSeparated() @IsString({ each: true }) readonly SEARCH_IMAGES_ENGINES: string[] = [];
  @CommaSeparated() @IsString({ each: true }) readonly SEARCH_VIDEOS_CATEGORIES: string[] = [
    'videos',
  ];
  @CommaSeparated() @IsString({ each: true }) readonly SEARCH_VIDEOS_ENGINES: string[] = [];
  @IsInt() @Min(1) @Max(50) readonly SEARCH_MEDIA_MAX_RESULTS: number = 10;
}

export const mediaConfig = registerAs('media', () => {
  const env = validateEnv(MediaEnv);
  const target = (categories: string[], engines: string[]) =>
    engines.length > 0 ? { engines } : { categories };
  return {
    images: target(env.SEARCH_IMAGES_CATEGORIES, env.SEARCH_IMAGES_ENGINES),
    videos: target(env.SEARCH_VIDEOS_CATEGORIES, env.SEARCH_VIDEOS_ENGINES),
    maxResults: env.SEARCH_MEDIA_MAX_RESULTS,
  };
});

export type MediaConfig = ConfigType<typeof mediaConfig>;
