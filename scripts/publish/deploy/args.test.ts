import { describe, expect, it } from 'vitest';
import { parseDeployArgs, UsageError } from './args.ts';
import { parseTarget, TargetError } from './target.ts';

describe('parseTarget', () => {
  it('reads user@host:/path as ssh and anything else as a local folder', () => {
    expect(parseTarget('deploy@web1.example:/srv/site/', '/work')).toEqual({
      host: 'deploy@web1.example',
      path: '/srv/site',
    });
    expect(parseTarget('web1:/srv/site', '/work')).toEqual({ host: 'web1', path: '/srv/site' });
    expect(parseTarget('out/host', '/work')).toEqual({ host: null, path: '/work/out/host' });
  });

  it('refuses paths that a script, rsync or nginx would read specially', () => {
    for (const spec of [
      'web1:srv/site',
      '/srv/my site',
      '/srv/$HOME',
      "/srv/it's",
      '/',
      'web1:/',
      'bad host:/srv',
      'web1:/srv/../etc',
    ]) {
      expect(() => parseTarget(spec, '/work'), spec).toThrow(TargetError);
    }
  });
});

describe('parseDeployArgs', () => {
  const parse = (...argv: string[]) => parseDeployArgs(argv, '/work', '/repo', {});

  it('reads a deploy', () => {
    expect(parse('--from', 'out/current', '--to', 'web1:/srv/site')).toEqual({
      kind: 'deploy',
      from: '/work/out/current',
      target: { host: 'web1', path: '/srv/site' },
      keepDays: 14,
      dryRun: false,
      ssh: 'ssh',
      hold: null,
    });
    expect(
      parse('--from', 'a', '--to', 'b', '--keep-days', '30', '--dry-run', '--ssh', 'ssh -p 2222'),
    ).toMatchObject({
      keepDays: 30,
      dryRun: true,
      ssh: 'ssh -p 2222',
    });
  });

  it('reads --hold and --resume, never both, never with --nginx-config', () => {
    expect(parse('--from', 'a', '--to', 'b', '--hold')).toMatchObject({ hold: 'hold' });
    expect(parse('--from', 'a', '--to', 'b', '--resume', '--dry-run')).toMatchObject({
      hold: 'resume',
      dryRun: true,
    });
    expect(() => parse('--from', 'a', '--to', 'b', '--hold', '--resume')).toThrow(UsageError);
    expect(() => parse('--nginx-config', '--root', '/srv/site', '--hold')).toThrow(UsageError);
  });

  it('takes the ssh command from DEPLOY_SSH unless --ssh is given', () => {
    const env = { DEPLOY_SSH: 'ssh -i /k -o StrictHostKeyChecking=yes' };
    expect(parseDeployArgs(['--from', 'a', '--to', 'h:/srv'], '/w', '/r', env)).toMatchObject({
      ssh: env.DEPLOY_SSH,
    });
    expect(
      parseDeployArgs(['--from', 'a', '--to', 'h:/srv', '--ssh', 'ssh -p 2'], '/w', '/r', env),
    ).toMatchObject({
      ssh: 'ssh -p 2',
    });
    expect(parseDeployArgs(['--from', 'a', '--to', 'h:/srv'], '/w', '/r', { DEPLOY_SSH: ' ' })).toMatchObject(
      { ssh: 'ssh' },
    );
  });

  it('reads --nginx-config', () => {
    expect(
      parse(
        '--nginx-config',
        '--root',
        '/srv/site',
        '--listen',
        '127.0.0.1:8080',
        '--server-name',
        'www.example.com',
      ),
    ).toEqual({
      kind: 'nginx-config',
      root: '/srv/site',
      listen: '127.0.0.1:8080',
      serverName: 'www.example.com',
      headers: '/repo/public/_headers',
    });
  });

  it('refuses a bad command line (exit 2) with a Korean reason', () => {
    const bad = [
      [],
      ['--from', 'a'],
      ['--to', 'b'],
      ['--from', 'a', '--to', 'b', '--keep-days', '3'],
      ['--from', 'a', '--to', 'b', '--keep-days', '0'],
      ['--from', 'a', '--to', 'b', '--keep-days', '7.5'],
      ['--from', 'a', '--to', 'b', '--unknown'],
      ['--from', 'a', '--to', 'b', '--root', '/srv'],
      ['--nginx-config'],
      ['--nginx-config', '--root', 'relative'],
      ['--nginx-config', '--root', '/srv/site', '--listen', '80; include /etc/passwd'],
      ['--nginx-config', '--root', '/srv/site', '--from', 'a'],
    ];
    for (const argv of bad) expect(() => parse(...argv), argv.join(' ')).toThrow(UsageError);
    expect(() => parse('--from', 'a', '--to', 'b', '--keep-days', '3')).toThrow('7 이상');
  });

  it('answers --help', () => {
    expect(parse('--help')).toEqual({ kind: 'help' });
  });
});
