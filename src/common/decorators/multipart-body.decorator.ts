import { SetMetadata } from '@nestjs/common';

export const MULTIPART_BODY_KEY = 'quarry:multipart-body';

/**
 * The route reads a multipart/form-data body (file uploads) as well as JSON; every other route
 * refuses a body that is not JSON before any parser runs.
 */
export const MultipartBody = (): MethodDecorator => SetMetadata(MULTIPART_BODY_KEY, true);
