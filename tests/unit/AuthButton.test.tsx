import React from 'react';
import {render, screen} from '@testing-library/react';
import {describe, expect, it} from 'vitest';
import AuthButton from '../../src/components/AuthButton';

describe('AuthButton (signed out)', () => {
  it('offers Sign In and Sign Up on desktop and in the mobile menu', () => {
    for (const mobile of [false, true]) {
      const {unmount} = render(<AuthButton mobile={mobile} />);
      expect(screen.getByRole('link', {name: 'Sign In'})).toHaveAttribute('href', '/account');
      expect(screen.getByRole('link', {name: 'Sign Up'})).toHaveAttribute('href', '/account');
      unmount();
    }
  });
});
