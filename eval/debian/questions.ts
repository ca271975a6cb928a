import type { CorpusKind } from '../corpus/debian-corpus';

/**
 * The evaluation's questions over the Debian documentation corpus (eval/corpus/debian-corpus.ts),
 * asked with the source kind they name. They were written, and committed, from package, file and
 * page names only, before any page's text was read, phrased the way developers ask (not in the
 * pages' words). Which documents answer each one was judged afterwards by reading the pages, in
 * judgements.ts; `noAnswer` marks the questions the corpus has no answer for.
 */
export interface EvalQuestion {
  readonly id: string;
  readonly kind: CorpusKind;
  readonly question: string;
  /** Earlier turns, oldest first, for follow-up questions. */
  readonly history?: ReadonlyArray<readonly ['human' | 'assistant', string]>;
  readonly noAnswer?: true;
}

export const QUESTIONS: readonly EvalQuestion[] = [
  // web: git's manual pages and Apache httpd's manual
  {
    id: 'w-undo-local-edits',
    kind: 'web',
    question:
      'I messed up a file and want it back exactly as it was in my last commit. How do I do that in git?',
  },
  {
    id: 'w-find-bad-commit',
    kind: 'web',
    question:
      'One of the last 200 commits broke the build. How do I track down which one without trying them all by hand?',
  },
  {
    id: 'w-who-wrote-line',
    kind: 'web',
    question: 'How can I see who last changed each line of a source file in git?',
  },
  {
    id: 'w-shelve-work',
    kind: 'web',
    question:
      "I need to switch tasks but my half-done changes aren't ready to commit. Where can I park them for a while?",
  },
  {
    id: 'w-copy-one-fix',
    kind: 'web',
    question:
      'How do I bring a single fix from the maintenance branch over to main without merging everything else?',
  },
  {
    id: 'w-squash-before-pr',
    kind: 'web',
    question: 'How do I combine my last few commits into one before opening a pull request?',
  },
  {
    id: 'w-second-checkout',
    kind: 'web',
    question:
      'Can I have two branches checked out at the same time in different directories, sharing one repository?',
  },
  {
    id: 'w-nested-repo',
    kind: 'web',
    question:
      "How do I include another project's repository inside mine and pin it to a specific version?",
  },
  {
    id: 'w-lost-commit',
    kind: 'web',
    question:
      'I did a hard reset and lost some commits. Is there any record of where my branch pointed before?',
  },
  {
    id: 'w-line-endings',
    kind: 'web',
    question:
      'Windows and Linux people on my team keep fighting over CRLF. How do I make the repository normalise text files?',
  },
  {
    id: 'w-shrink-repo',
    kind: 'web',
    question: 'My .git folder got huge. How do I clean out unreachable junk and compress it?',
  },
  {
    id: 'w-mail-patches',
    kind: 'web',
    question: 'How do I turn my commits into files I can email to a project maintainer?',
  },
  {
    id: 'w-signed-release',
    kind: 'web',
    question: 'How do I mark a release in git so that people can verify it really came from me?',
  },
  {
    id: 'w-only-some-dirs',
    kind: 'web',
    question:
      'Our monorepo is enormous. Can I populate only a couple of folders in my working copy?',
  },
  {
    id: 'w-server-rejects-push',
    kind: 'web',
    question:
      "How can the server refuse pushes whose commit messages don't follow our team's rules?",
  },
  {
    id: 'w-followup-bisect',
    kind: 'web',
    question: 'And can it run my test script automatically at each step instead of me answering?',
    history: [
      ['human', 'How do I find the commit that introduced a regression in git?'],
      [
        'assistant',
        'Use a binary search over history: mark a known good and a known bad commit, and git checks out commits in between for you to test.',
      ],
    ],
  },
  {
    id: 'w-followup-stash',
    kind: 'web',
    question: 'How do I get back one of the older saved entries instead of the latest one?',
    history: [
      ['human', 'How do I put my uncommitted changes aside for a moment in git?'],
      [
        'assistant',
        'git stash saves your local modifications and reverts the working directory to match HEAD.',
      ],
    ],
  },
  {
    id: 'w-force-https',
    kind: 'web',
    question:
      'How do I send every plain-http visitor to the encrypted version of my site in Apache?',
  },
  {
    id: 'w-password-folder',
    kind: 'web',
    question: 'How do I require a username and password for one folder on my Apache server?',
  },
  {
    id: 'w-two-domains',
    kind: 'web',
    question:
      'How can one Apache instance serve two different domain names on the same IP address?',
  },
  {
    id: 'w-pass-to-app',
    kind: 'web',
    question: 'How do I make Apache hand requests to an app server listening on port 8080?',
  },
  {
    id: 'w-gzip',
    kind: 'web',
    question: 'How do I get httpd to gzip HTML and CSS before sending them to browsers?',
  },
  {
    id: 'w-cache-images',
    kind: 'web',
    question: 'How do I tell browsers to keep images from my Apache site for a month?',
  },
  {
    id: 'w-dir-config-ignored',
    kind: 'web',
    question: 'Apache ignores the config file I dropped into a directory of my site. Why?',
  },
  {
    id: 'w-reload-config',
    kind: 'web',
    question: "How do I reload Apache's configuration without cutting off requests in progress?",
  },
  {
    id: 'w-log-duration',
    kind: 'web',
    question: 'How do I add the time each request took to the Apache access log?',
  },
  {
    id: 'w-home-pages',
    kind: 'web',
    question: 'How can each system user publish web pages from a folder in their home directory?',
  },
  {
    id: 'w-throttle-downloads',
    kind: 'web',
    question: 'Can Apache limit how fast clients download large files?',
  },
  {
    id: 'w-perl-pages',
    kind: 'web',
    question: 'How do I let Apache run Perl programs that generate web pages?',
  },
  {
    id: 'w-which-mpm',
    kind: 'web',
    question:
      'Which of the process/thread models should I pick for Apache with lots of keep-alive connections?',
  },
  {
    id: 'w-followup-balance',
    kind: 'web',
    question: 'And how do I spread the load over three of those backends?',
    history: [
      ['human', 'How do I put Apache in front of my Node app as a reverse proxy?'],
      [
        'assistant',
        'Enable mod_proxy and mod_proxy_http and add ProxyPass and ProxyPassReverse lines for the path you want to forward.',
      ],
    ],
  },
  {
    id: 'w-auto-certs',
    kind: 'web',
    question: "Can httpd obtain and renew its TLS certificates from Let's Encrypt by itself?",
  },
  {
    id: 'w-websockets',
    kind: 'web',
    question: 'How do I forward WebSocket connections through Apache?',
  },
  {
    id: 'w-na-k8s-rollback',
    kind: 'web',
    question: 'How do I roll back a Kubernetes deployment to its previous revision?',
    noAnswer: true,
  },
  {
    id: 'w-na-iis-rewrite',
    kind: 'web',
    question: 'How do I enable URL rewriting on Microsoft IIS with a web.config file?',
    noAnswer: true,
  },
  {
    id: 'w-na-hg-shelve',
    kind: 'web',
    question: 'How do I set aside uncommitted work in Mercurial with hg shelve?',
    noAnswer: true,
  },
  {
    id: 'w-na-docker-health',
    kind: 'web',
    question: 'What does the HEALTHCHECK instruction in a Dockerfile do?',
    noAnswer: true,
  },

  // academic: SQLite's technical papers and references, git's technical documents
  {
    id: 'a-power-loss',
    kind: 'academic',
    question:
      'How does SQLite make sure a transaction is either fully on disk or not at all if the power fails mid-write?',
  },
  {
    id: 'a-readers-during-write',
    kind: 'academic',
    question:
      'Is there a journaling mode in SQLite where readers can keep reading while another connection writes?',
  },
  {
    id: 'a-on-disk-pages',
    kind: 'academic',
    question: 'How are tables and indexes laid out in pages inside an SQLite database file?',
  },
  {
    id: 'a-varchar-storage',
    kind: 'academic',
    question:
      'If I declare a column VARCHAR(10) in SQLite, what type are the values actually stored as?',
  },
  {
    id: 'a-index-choice',
    kind: 'academic',
    question:
      'How does SQLite decide which index to use when a query has several conditions in its WHERE clause?',
  },
  {
    id: 'a-test-suite',
    kind: 'academic',
    question:
      'How much test code does SQLite have compared to the library itself, and what kinds of tests do they run?',
  },
  {
    id: 'a-damage-causes',
    kind: 'academic',
    question: 'What kinds of things can damage an SQLite database file?',
  },
  {
    id: 'a-statement-vm',
    kind: 'academic',
    question: 'What does SQLite compile an SQL statement into before running it?',
  },
  {
    id: 'a-lock-states',
    kind: 'academic',
    question:
      'Which lock states does an SQLite connection pass through when it writes to the file?',
  },
  {
    id: 'a-ram-only',
    kind: 'academic',
    question:
      'Can I have an SQLite database that lives entirely in RAM and never touches the disk?',
  },
  {
    id: 'a-scratch-files',
    kind: 'academic',
    question: 'What other files does SQLite create on disk besides the main database?',
  },
  {
    id: 'a-nfs-share',
    kind: 'academic',
    question:
      'Is it safe to keep an SQLite database on an NFS share that several machines use at once?',
  },
  {
    id: 'a-json-field',
    kind: 'academic',
    question: 'How do I pull one field out of a JSON document stored in an SQLite column?',
  },
  {
    id: 'a-word-search',
    kind: 'academic',
    question: 'How do I search text columns for words and rank the matches in SQLite?',
  },
  {
    id: 'a-bounding-box',
    kind: 'academic',
    question: 'What does SQLite offer for fast bounding-box lookups on geographic coordinates?',
  },
  {
    id: 'a-running-total',
    kind: 'academic',
    question: 'How do I compute a running total over ordered rows in an SQLite query?',
  },
  {
    id: 'a-reject-wrong-type',
    kind: 'academic',
    question: 'Can I make SQLite refuse a text value inserted into an integer column?',
  },
  {
    id: 'a-ordered-by-key',
    kind: 'academic',
    question:
      'Can an SQLite table be stored ordered by its own primary key instead of a hidden row number?',
  },
  {
    id: 'a-undo-history',
    kind: 'academic',
    question:
      'How could I implement undo and redo in an application that keeps its document in SQLite?',
  },
  {
    id: 'a-save-format',
    kind: 'academic',
    question:
      'Why would an application save its documents as a database file rather than a zip of XML files?',
  },
  {
    id: 'a-sha1-exit',
    kind: 'academic',
    question: 'How is Git planning to move away from SHA-1 object names?',
  },
  {
    id: 'a-same-second-change',
    kind: 'academic',
    question:
      'Why could git miss a change to a file that was modified in the same second the index was written?',
  },
  {
    id: 'a-lazy-clone',
    kind: 'academic',
    question: 'How can Git clone a repository without downloading every file version up front?',
  },
  {
    id: 'a-fast-object-count',
    kind: 'academic',
    question:
      'How does a git server avoid walking the whole history to work out which objects to send for a clone?',
  },
  {
    id: 'a-ref-storage',
    kind: 'academic',
    question:
      'What is the binary format git can use to store branches and tags instead of loose files and packed-refs?',
  },
  {
    id: 'a-truncated-history',
    kind: 'academic',
    question: 'How does git represent a clone whose history has been cut off at some depth?',
  },
  {
    id: 'a-many-packs',
    kind: 'academic',
    question:
      "How can git find an object across hundreds of packfiles without consulting every pack's own index?",
  },
  {
    id: 'a-max-sizes',
    kind: 'academic',
    question: 'What is the largest database, and the longest string, SQLite can handle?',
  },
  {
    id: 'a-followup-wal-file',
    kind: 'academic',
    question: 'And what happens to that extra file when the last connection closes?',
    history: [
      ['human', 'How can SQLite readers avoid being blocked by a writer?'],
      [
        'assistant',
        'In write-ahead logging mode changes are appended to a separate file, so readers keep reading the original database while a writer appends.',
      ],
    ],
  },
  {
    id: 'a-followup-hash-interop',
    kind: 'academic',
    question:
      'Will repositories using the old and the new hash be able to exchange objects during the switch?',
    history: [
      ['human', 'Is git going to stop using SHA-1?'],
      [
        'assistant',
        'Yes, there is a plan to move git repositories to a stronger hash function over time.',
      ],
    ],
  },
  {
    id: 'a-na-doublewrite',
    kind: 'academic',
    question: "How does InnoDB's doublewrite buffer protect MySQL against torn pages?",
    noAnswer: true,
  },
  {
    id: 'a-na-raft-leader',
    kind: 'academic',
    question: 'How does the Raft consensus algorithm elect a leader after a timeout?',
    noAnswer: true,
  },
  {
    id: 'a-na-rocksdb-compaction',
    kind: 'academic',
    question: 'How does RocksDB leveled compaction pick which files to merge next?',
    noAnswer: true,
  },

  // discussions: FAQ answers (SQLite FAQ, gitfaq) and git's how-to mails
  {
    id: 'd-auto-ids',
    kind: 'discussions',
    question: 'How do I get SQLite to hand out increasing numbers for a table key automatically?',
  },
  {
    id: 'd-two-programs',
    kind: 'discussions',
    question: 'Two separate programs open the same SQLite file at once. Will that work?',
  },
  {
    id: 'd-share-connection',
    kind: 'discussions',
    question: 'Can I share one SQLite connection between several threads of my program?',
  },
  {
    id: 'd-which-tables',
    kind: 'discussions',
    question: 'What query shows me which tables exist in my SQLite file?',
  },
  {
    id: 'd-file-not-shrinking',
    kind: 'discussions',
    question: 'I removed most rows but the SQLite file on disk is still the same size. Why?',
  },
  {
    id: 'd-apostrophe',
    kind: 'discussions',
    question: "How do I write a value like O'Brien in an SQLite statement without breaking it?",
  },
  {
    id: 'd-slow-inserts',
    kind: 'discussions',
    question:
      'Adding rows to SQLite one at a time is painfully slow, about 50 per second. What am I doing wrong?',
  },
  {
    id: 'd-undelete',
    kind: 'discussions',
    question: 'I ran a DELETE on my SQLite database by mistake. Can I get those rows back?',
  },
  {
    id: 'd-damaged-image',
    kind: 'discussions',
    question:
      'My app reports that the SQLite database image is damaged. What does that mean and how could it happen?',
  },
  {
    id: 'd-enforce-references',
    kind: 'discussions',
    question: 'Does SQLite actually enforce references from one table to another?',
  },
  {
    id: 'd-double-quoted-word',
    kind: 'discussions',
    question:
      'My SQLite filter compares a column to a double-quoted word and returns every row instead of the matching ones.',
  },
  {
    id: 'd-unique-nulls',
    kind: 'discussions',
    question:
      'Why can I insert two rows with an empty (NULL) value in an SQLite column that must be unique?',
  },
  {
    id: 'd-drop-column',
    kind: 'discussions',
    question: 'How do I get rid of a column in an existing SQLite table?',
  },
  {
    id: 'd-text-in-number',
    kind: 'discussions',
    question: "Why didn't SQLite complain when I stored text in a column I declared as a number?",
  },
  {
    id: 'd-closed-source',
    kind: 'discussions',
    question: 'Do I owe anything to use SQLite inside a closed-source app that I sell?',
  },
  {
    id: 'd-author-name',
    kind: 'discussions',
    question: 'What should I configure as my git author: my login name or my real name?',
  },
  {
    id: 'd-https-password',
    kind: 'discussions',
    question: 'Git asks for my password every time I push over https. How do I make it remember?',
  },
  {
    id: 'd-fix-message',
    kind: 'discussions',
    question: 'I committed with a typo in the message a minute ago. How do I fix it?',
  },
  {
    id: 'd-still-tracked',
    kind: 'discussions',
    question:
      'I listed a config file in .gitignore but git still shows my edits to it. What gives?',
  },
  {
    id: 'd-see-teammates-work',
    kind: 'discussions',
    question:
      'Which git command lets me look at what teammates pushed without changing my own branch?',
  },
  {
    id: 'd-utf16-binary',
    kind: 'discussions',
    question: 'On Windows git treats my UTF-16 text files as binary. Why?',
  },
  {
    id: 'd-two-accounts',
    kind: 'discussions',
    question:
      'I have a work and a personal account on the same code hosting site. How do I use both over ssh?',
  },
  {
    id: 'd-broken-merge',
    kind: 'discussions',
    question:
      'We merged a branch into master that turned out to be broken. How do we back it out and later merge the fixed version?',
  },
  {
    id: 'd-missing-blob',
    kind: 'discussions',
    question: 'git fsck complains about a missing blob. How can I repair the repository?',
  },
  {
    id: 'd-push-over-apache',
    kind: 'discussions',
    question:
      'How do I host my git repositories behind Apache so people can clone and push over plain HTTP?',
  },
  {
    id: 'd-other-project-subdir',
    kind: 'discussions',
    question:
      "How do I merge another project into a subdirectory of mine and keep that project's history?",
  },
  {
    id: 'd-result-column-name',
    kind: 'discussions',
    question:
      'The result of my SQLite query names a column differently from what I expected. How do I control it?',
  },
  {
    id: 'd-followup-unsafe-speed',
    kind: 'discussions',
    question:
      'Is there a way to speed it up without a transaction, if I accept losing data on a crash?',
    history: [
      ['human', 'Why are my SQLite inserts so slow?'],
      [
        'assistant',
        'Each insert outside a transaction is its own transaction and waits for the disk to confirm the write, so group many inserts in one BEGIN ... COMMIT.',
      ],
    ],
  },
  {
    id: 'd-followup-already-pushed',
    kind: 'discussions',
    question: 'What if I have already pushed that commit?',
    history: [
      ['human', 'How do I change the last commit I made in git?'],
      ['assistant', 'Make your changes and run git commit --amend to replace the last commit.'],
    ],
  },
  {
    id: 'd-na-svn-externals',
    kind: 'discussions',
    question: 'How do I set svn:externals on a directory in Subversion?',
    noAnswer: true,
  },
  {
    id: 'd-na-mysql-emoji',
    kind: 'discussions',
    question: 'Why does MySQL reject emoji unless the column uses utf8mb4?',
    noAnswer: true,
  },
  {
    id: 'd-na-react-twice',
    kind: 'discussions',
    question: 'Why does my React component render twice in development mode?',
    noAnswer: true,
  },

  // local: the Bash reference manual and HAProxy's guides, one file per section
  {
    id: 'l-default-value',
    kind: 'local',
    question:
      'In a shell script, how do I fall back to a default when a variable is unset or empty?',
  },
  {
    id: 'l-strip-suffix',
    kind: 'local',
    question:
      'How do I remove the .txt ending from a filename held in a variable without calling sed?',
  },
  {
    id: 'l-script-args',
    kind: 'local',
    question:
      'How does my bash script read the arguments it was called with, and how many there are?',
  },
  {
    id: 'l-did-it-work',
    kind: 'local',
    question: 'How do I find out in bash whether the previous command succeeded?',
  },
  {
    id: 'l-both-streams-to-log',
    kind: 'local',
    question:
      'How do I send both the normal output and the error messages of a command into one log file?',
  },
  {
    id: 'l-inline-text-input',
    kind: 'local',
    question: 'How do I feed several lines of text to a command straight from my bash script?',
  },
  {
    id: 'l-startup-files',
    kind: 'local',
    question:
      'Which of my dotfiles does bash read when I open a terminal, and which when I log in over ssh?',
  },
  {
    id: 'l-several-values',
    kind: 'local',
    question: 'How do I keep several values in one bash variable and loop over them?',
  },
  {
    id: 'l-add-numbers',
    kind: 'local',
    question: 'How do I add two integers together in bash?',
  },
  {
    id: 'l-abort-on-failure',
    kind: 'local',
    question: 'How do I make a bash script stop as soon as any command in it fails?',
  },
  {
    id: 'l-recursive-star',
    kind: 'local',
    question: 'How can ** match files in nested subdirectories in bash?',
  },
  {
    id: 'l-output-into-var',
    kind: 'local',
    question: "How do I save a command's output into a variable in bash?",
  },
  {
    id: 'l-resume-suspended',
    kind: 'local',
    question: 'How do I bring back a program I suspended with Ctrl-Z?',
  },
  {
    id: 'l-prompt-dir-time',
    kind: 'local',
    question: 'How do I show the current directory and the time in my bash prompt?',
  },
  {
    id: 'l-tab-completion',
    kind: 'local',
    question: "How can I add my own tab completion for my script's options in bash?",
  },
  {
    id: 'l-last-argument',
    kind: 'local',
    question: 'How do I reuse the last argument of the previous command I typed?',
  },
  {
    id: 'l-cleanup-on-interrupt',
    kind: 'local',
    question: 'How can my bash script delete its temporary files when someone hits Ctrl-C?',
  },
  {
    id: 'l-followup-array-size',
    kind: 'local',
    question: 'And how do I find out how many items it holds?',
    history: [
      ['human', 'How do I make a list of file names in a bash variable?'],
      ['assistant', 'Use an array: files=(a.txt b.txt c.txt), and "${files[@]}" to expand it.'],
    ],
  },
  {
    id: 'l-hap-new-config',
    kind: 'local',
    question:
      'How do I make HAProxy pick up a new configuration without dropping the connections it already has?',
  },
  {
    id: 'l-hap-too-many-files',
    kind: 'local',
    question:
      'HAProxy runs out of sockets at high connection counts. Which operating-system limit do I raise?',
  },
  {
    id: 'l-hap-drain-server',
    kind: 'local',
    question:
      'How can I take one backend server out of rotation in HAProxy at runtime without editing the config?',
  },
  {
    id: 'l-hap-counters',
    kind: 'local',
    question: 'How do I get per-server counters out of HAProxy in a format a script can parse?',
  },
  {
    id: 'l-hap-same-server',
    kind: 'local',
    question: 'How do I keep a user on the same backend server for their whole session in HAProxy?',
  },
  {
    id: 'l-hap-static-files',
    kind: 'local',
    question: 'Can HAProxy serve static files from disk like a web server?',
  },
  {
    id: 'l-hap-pitfalls',
    kind: 'local',
    question: 'What mistakes do people commonly make when running HAProxy in production?',
  },
  {
    id: 'l-hap-followup-socket',
    kind: 'local',
    question: 'Can I do that over a local socket from a shell script?',
    history: [
      ['human', 'How do I read HAProxy statistics?'],
      ['assistant', 'HAProxy exposes statistics on a web page and in CSV form.'],
    ],
  },
  {
    id: 'l-na-zsh-qualifiers',
    kind: 'local',
    question: 'How do I use zsh glob qualifiers like *(.om[1]) to pick the newest file?',
    noAnswer: true,
  },
  {
    id: 'l-na-powershell-policy',
    kind: 'local',
    question: 'How do I run a PowerShell script that the execution policy blocks?',
    noAnswer: true,
  },
  {
    id: 'l-na-envoy-breaker',
    kind: 'local',
    question: 'How do I configure circuit breaking in the Envoy proxy?',
    noAnswer: true,
  },
];
