import { lexicalTerms, questionTerms } from '../../text';
import { namesSubjectOnlyInPassing, type TitledPassage } from './subject-in-passing';

describe('namesSubjectOnlyInPassing', () => {
  const judge = (question: string, passages: TitledPassage[]) =>
    namesSubjectOnlyInPassing(
      question,
      questionTerms(question),
      passages,
      passages.map(({ title, snippet }) => new Set(lexicalTerms(`${title}\n${snippet}`))),
    );
  const aside = (title: string, snippet: string): TitledPassage => ({ title, snippet });
  // Passages of a web framework's guide: one section mentions Kubernetes pods, others say
  // "limit" and "memory" about the framework itself.
  const guide = [
    aside('Guide > Kubernetes', 'The health probe reaches the pod on its own address.'),
    aside('Client > Options', 'Set it to 0 to disable these limits. Defaults to 10.'),
    aside('Cache > Store', 'The store keeps responses in memory until it is full.'),
    aside('Server > Options', 'The body limit is 1 MiB. Larger bodies are rejected.'),
  ];
  const kubernetesMemory = 'How do I set memory limits for a pod in Kubernetes?';

  it('judges a subject that a few passages mention, never with what is asked, as named in passing', () => {
    expect(judge(kubernetesMemory, guide)).toBe(true);
  });

  it('keeps the question when a sentence naming the subject holds two of its other words', () => {
    const answer = aside('Guide > Kubernetes', 'In Kubernetes, memory limits go in the pod spec.');
    expect(judge(kubernetesMemory, [...guide, answer])).toBe(false);
    // The section heading counts as part of each of its sentences.
    const headed = aside('Guide > Kubernetes memory limits', 'Put them in the container spec.');
    expect(judge(kubernetesMemory, [...guide, headed])).toBe(false);
  });

  it('does not judge passages that are mostly about the subject', () => {
    const about = [
      aside('Kubernetes > Pods', 'A pod runs one or more containers in Kubernetes.'),
      aside('Kubernetes > Nodes', 'Kubernetes schedules each pod on a node.'),
    ];
    expect(judge(kubernetesMemory, [...about, ...guide.slice(0, 2)])).toBe(false);
  });

  it('asks a short question for one of its words besides the subject', () => {
    const upgrade = 'What breaks when I upgrade Kubernetes?';
    const notes = aside('Release notes', 'Before you upgrade Kubernetes, read the notes.');
    expect(judge(upgrade, [notes, ...guide])).toBe(false);
  });

  it('does not take the words of a code identifier for the subject', () => {
    const errors = [
      aside('Errors', 'UND_ERR_HEADERS_TIMEOUT: the headers did not arrive in time.'),
      ...guide,
    ];
    const question = 'What does UND_ERR_HEADERS_TIMEOUT mean and how do I raise the limit?';
    expect(judge(question, errors)).toBe(false);
  });

  it('does not judge a question without specific words, or one the passages never name', () => {
    expect(judge('How do I set a memory limit?', guide)).toBe(false);
    expect(judge('How do I set memory limits in Nomad?', guide)).toBe(false);
  });

  it("counts a page's address as naming its subject", () => {
    // Excerpts of one product's reference pages: only one says the product's name.
    const reference = (page: string, snippet: string): TitledPassage => ({
      title: page,
      snippet,
      url: `https://docs.example.org/undici/api/${page}.md`,
    });
    const pages = [
      reference('Client', 'Set it to 0 to disable these limits.'),
      reference('CacheStore', 'The store keeps responses in memory until it is full.'),
      reference('Pool', 'A pool of connections to the same origin.'),
      aside('Recommendations', 'Use undici for outgoing requests.'),
      aside('Server', 'The body limit is 1 MiB.'),
    ];
    const question = 'How do I limit how much memory the undici response cache uses?';
    expect(judge(question, pages)).toBe(false);
    // Without the addresses, undici is named in passing by one excerpt of five.
    expect(
      judge(
        question,
        pages.map(({ title, snippet }) => aside(title, snippet)),
      ),
    ).toBe(true);
  });

  it("reads an excerpt's text up to its ellipses", () => {
    const cut = aside(
      'Guide',
      '… probes are sent to the pod. In Kubernetes, set memory limits in the pod spec …',
    );
    expect(judge(kubernetesMemory, [...guide, cut])).toBe(false);
  });
});
