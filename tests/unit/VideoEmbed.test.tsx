import React from 'react';
import {render, screen} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {describe, expect, it} from 'vitest';
import VideoEmbed, {embedUrl} from '../../src/components/lesson/VideoEmbed';

describe('VideoEmbed', () => {
  it('loads no player until the learner clicks play', async () => {
    const {container} = render(<VideoEmbed provider="youtube" id="abc123" title="What is a systematic review?" />);
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    await userEvent.click(screen.getByRole('button', {name: /play video/i}));
    const iframe = container.querySelector('iframe');
    expect(iframe).not.toBeNull();
    expect(iframe?.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/abc123\?/);
    expect(iframe?.getAttribute('title')).toBe('What is a systematic review?');
  });

  it('uses privacy options for each provider and encodes ids', () => {
    expect(embedUrl({provider: 'vimeo', id: '42'})).toContain('dnt=1');
    expect(embedUrl({provider: 'youtube', id: 'a/b', start: 90})).toContain('/embed/a%2Fb?');
    expect(embedUrl({provider: 'youtube', id: 'x', start: 90})).toContain('start=90');
  });
});
