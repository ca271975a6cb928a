import { ApiProperty } from '@nestjs/swagger';

export class ImageResultDto {
  @ApiProperty({
    description: 'The picture.',
    example: 'https://upload.example.org/notre-dame.jpg',
  })
  readonly img_src: string;

  @ApiProperty({ description: 'The page showing it.', example: 'https://example.org/notre-dame' })
  readonly url: string;

  @ApiProperty({ example: 'Notre-Dame de Paris' })
  readonly title: string;
}

export class ImagesResponseDto {
  @ApiProperty({ type: [ImageResultDto] })
  readonly images: ImageResultDto[];
}

export class VideoResultDto {
  @ApiProperty({
    description: 'Thumbnail of the video.',
    example: 'https://i.ytimg.com/vi/abc123/hqdefault.jpg',
  })
  readonly img_src: string;

  @ApiProperty({
    description: 'The video page.',
    example: 'https://www.youtube.com/watch?v=abc123',
  })
  readonly url: string;

  @ApiProperty({ example: 'Inside Notre-Dame de Paris' })
  readonly title: string;

  @ApiProperty({
    description: 'Embeddable player address, as SearxNG gives it.',
    example: 'https://www.youtube-nocookie.com/embed/abc123',
  })
  readonly iframe_src: string;
}

export class VideosResponseDto {
  @ApiProperty({ type: [VideoResultDto] })
  readonly videos: VideoResultDto[];
}
