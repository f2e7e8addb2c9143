import React from 'react';
import {render, screen, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {describe, expect, it} from 'vitest';
import Workbench from '../../src/components/workbench/Workbench';

describe('meta-analysis workbench', () => {
  it('loads the lesson’s trials in one click and shows the lesson’s pooled RR under the common-effect model', async () => {
    const user = userEvent.setup();
    render(<Workbench />);
    await user.click(screen.getByRole('button', {name: /Chlorhexidine-alcohol/}));
    await user.selectOptions(screen.getByLabelText('Model'), 'FE');
    expect(screen.getByTestId('pooled')).toHaveTextContent('0.699 (95% CI 0.507 to 0.963)');
    expect(screen.getByTestId('heterogeneity')).toHaveTextContent('Q = 1.20 on 3 df');
    expect(screen.getByRole('img', {name: /Forest plot, RR, FE/})).toBeInTheDocument();
  });

  it('recomputes as a cell changes and names the bad cell instead of showing NaN', async () => {
    const user = userEvent.setup();
    render(<Workbench />);
    await user.click(screen.getByRole('button', {name: /Chlorhexidine-alcohol/}));
    const before = screen.getByTestId('pooled').textContent;
    const cell = screen.getByLabelText('Events (treatment), row 2');
    await user.clear(cell);
    await user.type(cell, '2');
    expect(screen.getByTestId('pooled').textContent).not.toBe(before);
    await user.clear(cell);
    await user.type(cell, 'abc');
    expect(screen.getByRole('status')).toHaveTextContent('row 2, column events_t: "abc" is not a number');
    expect(document.body.textContent).not.toMatch(/NaN/);
  });

  it('takes rows pasted from a spreadsheet', async () => {
    const user = userEvent.setup();
    render(<Workbench />);
    await user.click(screen.getByLabelText('Study, row 2'));
    await user.paste('S1\t10\t100\t20\t100\nS2\t5\t80\t9\t75\nS3\t12\t120\t15\t118');
    expect(screen.getByLabelText('N (control), row 4')).toHaveValue('118');
    const summary = screen.getByTestId('summary');
    expect(within(summary).getByTestId('pooled')).toHaveTextContent(/^0\.\d{3} \(95% CI/);
  });
});

describe('sample size calculator', () => {
  it('gives the lesson’s answers: 64 analysed and 72 recruited per group for 5 mmHg (SD 10), 135 for 30% → 15%', async () => {
    const {default: SampleSizeCalculator} = await import('../../src/components/workbench/SampleSizeCalculator');
    const user = userEvent.setup();
    render(<SampleSizeCalculator />);
    expect(screen.getByTestId('analysed')).toHaveTextContent('64');
    expect(screen.getByTestId('recruited')).toHaveTextContent(/^72/);
    await user.selectOptions(screen.getByLabelText('Outcome'), 'proportions');
    expect(screen.getByTestId('analysed')).toHaveTextContent('121');
    expect(screen.getByTestId('recruited')).toHaveTextContent(/^135/);
    const power = screen.getByLabelText('Power (%)');
    await user.clear(power);
    await user.type(power, '120');
    expect(screen.getByRole('status')).toHaveTextContent(/power must be between 0 and 1/);
  });
});
